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
