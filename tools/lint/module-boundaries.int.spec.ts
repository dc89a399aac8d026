import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The layering rules of eslint.config.mjs, proved on probe sources (linted as if they lived in each project).
const root = path.resolve(__dirname, '../..');

describe('module boundaries', () => {
  beforeAll(() => {
    // The rule reads Nx's cached project graph; compute it the way `nx run-many -t lint` does.
    execFileSync(path.join(root, 'node_modules/.bin/nx'), ['show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'ignore',
    });
  });

  // The eslint CLI in a child process (its config loader needs real ESM, which jest's sandbox lacks), on a probe
  // file written into the project for the moment, so type-aware parsing finds it in the project's tsconfig.
  const boundaryErrors = async (filePath: string, code: string): Promise<string[]> => {
    const probe = path.join(root, filePath.replace(/\.ts$/, `-${process.pid}.ts`));
    writeFileSync(probe, code);
    let out: string;
    try {
      out = execFileSync(path.join(root, 'node_modules/.bin/eslint'), ['--format', 'json', probe], {
        cwd: root,
        encoding: 'utf8',
      });
    } catch (e) {
      out = (e as { stdout: string }).stdout; // eslint exits 1 when it reports errors
    } finally {
      rmSync(probe, { force: true });
    }
    const [result] = JSON.parse(out) as { messages: { ruleId: string | null; message: string; fatal?: boolean }[] }[];
    const fatal = result.messages.filter((m) => m.fatal);
    if (fatal.length) throw new Error(`eslint could not lint the probe: ${fatal[0].message}`);
    return result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message);
  };

  it('refuses a framework import in the domain', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/boundary-probe.ts',
      "import { Injectable } from '@nestjs/common';\nexport const probe = Injectable;\n",
    );
    expect(errors).toEqual([expect.stringContaining('"type:domain" is not allowed to import "@nestjs/common"')]);
  });

  it('refuses the domain depending on read models', async () => {
    const errors = await boundaryErrors(
      'libs/domain/src/boundary-probe.ts',
      "import * as rm from '@credence/read-models';\nexport const probe = rm;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it('refuses an app importing another app', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/boundary-probe.ts',
      "import * as portal from '../../portal/src/main';\nexport const probe = portal;\n",
    );
    expect(errors.length).toBeGreaterThan(0);
  });

  it('allows read models and apps to use the domain', async () => {
    expect(
      await boundaryErrors('libs/read-models/src/boundary-probe.ts', "import { DomainError } from '@credence/domain';\nexport const p = DomainError;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('apps/api/src/boundary-probe.ts', "import { DomainError } from '@credence/domain';\nexport const p = DomainError;\n"),
    ).toEqual([]);
  });
});

describe('module boundaries inside the API', () => {
  // ESLint's Node API (lintText with a filePath inside apps/api/src/modules) on fixture text, run in a child node:
  // its flat-config loader needs real ESM, which jest's sandbox lacks. No file is written: the text is linted as if
  // it lived at filePath, with the repository's eslint.config.mjs.
  const lintAt = (filePath: string, code: string): { ruleId: string | null; message: string; fatal?: boolean }[] => {
    const script = `
      const { ESLint } = require('eslint');
      let input = '';
      process.stdin.on('data', (c) => (input += c)).on('end', async () => {
        const { filePath, code } = JSON.parse(input);
        // The fixture exists only as text, so no tsconfig holds it: parse it without types, and leave out the two
        // type-aware rules; every other rule (the boundaries among them) comes from eslint.config.mjs.
        const overrideConfig = {
          languageOptions: { parserOptions: { projectService: false, project: null } },
          rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
        };
        const [result] = await new ESLint({ cwd: process.cwd(), overrideConfig }).lintText(code, { filePath });
        process.stdout.write(JSON.stringify(result.messages));
      });`;
    const out = execFileSync(process.execPath, ['-e', script], {
      cwd: root,
      input: JSON.stringify({ filePath: path.join(root, filePath), code }),
      encoding: 'utf8',
    });
    const messages = JSON.parse(out) as { ruleId: string | null; message: string; fatal?: boolean }[];
    const fatal = messages.filter((m) => m.fatal);
    if (fatal.length) throw new Error(`eslint could not lint the fixture: ${fatal[0].message}`);
    return messages;
  };
  const boundaryErrors = (filePath: string, code: string) =>
    lintAt(filePath, code).filter((m) => m.ruleId === 'credence/module-boundaries').map((m) => m.message);

  it('refuses an application reaching into the verifications module internals', () => {
    const errors = boundaryErrors(
      'apps/api/src/modules/applications/commands/boundary-fixture.ts',
      "import { DocumentIntake } from '../../verifications/commands/document-intake';\n" +
        "import { BLOB_STORE } from '../../verifications/ports/blob-store.port';\n" +
        'export const probe = [DocumentIntake, BLOB_STORE];\n',
    );
    expect(errors).toEqual([
      expect.stringContaining("reaches into the verifications module's internals"),
      expect.stringContaining("import it from its public face ('../../verifications')"),
    ]);
  });

  it('refuses a controller importing the event store', () => {
    const errors = boundaryErrors(
      'apps/api/src/modules/applications/http/boundary-fixture.controller.ts',
      "import { EVENT_STORE } from '../../../infrastructure/event-store/event-store.port';\nexport const probe = EVENT_STORE;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A controller may not import the event store')]);
  });

  it('allows the index, a Nest module file, the own module and shared code', () => {
    expect(
      boundaryErrors(
        'apps/api/src/modules/applications/commands/boundary-fixture.ts',
        "import { BLOB_STORE, bytesOfDataUrl } from '../../verifications';\n" +
          "import { VerificationsModule } from '../../verifications/verifications.module';\n" +
          "import { ApplicationGateway } from '../core/application-gateway';\n" +
          "import { sendPdf } from '../../../common/http/pdf-response';\n" +
          'export const probe = [BLOB_STORE, bytesOfDataUrl, VerificationsModule, ApplicationGateway, sendPdf];\n',
      ),
    ).toEqual([]);
    // The event store is fine outside controllers (command handling, projections, seeders).
    expect(
      boundaryErrors(
        'apps/api/src/modules/applications/commands/boundary-fixture.ts',
        "import { EVENT_STORE } from '../../../infrastructure/event-store/event-store.port';\nexport const probe = EVENT_STORE;\n",
      ),
    ).toEqual([]);
  });
});
