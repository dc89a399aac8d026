// `npm test`: every test of the workspace. jest runs the Node projects (unit and integration, against a real
// PostgreSQL), vitest the two React apps. Ends with one summary line: "N passed, N failed".
//
// jest and vitest each use one worker on a two-core machine (their default: cores - 1), so they run side by side:
// jest then the portal's slowest spec files in one lane, the portal's other specs then the console's in the other.
// Every line is prefixed with its lane's run ([jest], [portal-2], [portal], [console]). TEST_SERIAL=1 runs them
// one after the other (a machine with one core, or a loaded one). Arguments go to jest only, as before.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'tmp', 'test-results');
mkdirSync(out, { recursive: true });
const extra = process.argv.slice(2);
const env = { ...process.env, TZ: 'UTC', NX_DAEMON: 'false' };
const serial = process.env.TEST_SERIAL === '1' || process.env.TEST_SERIAL === 'true';

/** Runs a command with its output line by line behind a lane label; resolves with the exit code. */
function run(label, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Piped, jest and vitest would drop their colours on a terminal.
      env: process.stdout.isTTY ? { ...env, FORCE_COLOR: '1' } : env,
    });
    const prefix = `[${label}] `;
    for (const [stream, target] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline
        .createInterface({ input: stream, crlfDelay: Infinity })
        .on('line', (line) => target.write(`${prefix}${line}\n`));
    }
    child.on('error', (error) => {
      process.stderr.write(`${prefix}${error.message}\n`);
    });
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(`${prefix}finished (exit ${code ?? 1}) in ${seconds.toFixed(1)} s\n`);
      resolve(code ?? 1);
    });
  });
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Results of an earlier run must not count towards this one.
const RESULT_FILES = ['jest.json', 'portal.json', 'portal-2.json', 'console.json'];
for (const f of RESULT_FILES) rmSync(path.join(out, f), { force: true });

/**
 * The portal's slowest spec files run in the jest lane, after jest: the vitest lane (the portal's specs, then the
 * console's) was about two minutes longer than jest's (944 s against 822 s in a CI run of 2026-12-07), and one file
 * of about a minute evens them out. Paths from apps/portal.
 */
const PORTAL_BESIDE_JEST = ['src/features/ordering/components/NewVerificationScreen.spec.tsx'];

const jest = () =>
  run('jest', bin('jest'), ['--json', `--outputFile=${path.join(out, 'jest.json')}`, ...extra]);

/** One vitest run of an app's specs (`args`: files, or options choosing them), its results in `${label}.json`. */
const vitestRun = (label, app, args = []) =>
  run(label, bin('vitest'), [
    'run',
    '--root',
    `apps/${app}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(out, `${label}.json`)}`,
    ...args,
  ]);
const hasVitest = (app) => existsSync(path.join(root, 'apps', app, 'vite.config.ts'));

async function vitest() {
  const codes = [];
  if (hasVitest('portal'))
    codes.push(await vitestRun('portal', 'portal', PORTAL_BESIDE_JEST.flatMap((f) => ['--exclude', f])));
  if (hasVitest('console')) codes.push(await vitestRun('console', 'console'));
  return codes;
}
async function jestLane() {
  const codes = [await jest()];
  if (hasVitest('portal')) codes.push(await vitestRun('portal-2', 'portal', PORTAL_BESIDE_JEST));
  return codes;
}

const started = Date.now();
const codes = serial
  ? [...(await jestLane()), ...(await vitest())]
  : (await Promise.all([jestLane(), vitest()])).flat();

let passed = 0;
let failed = 0;
for (const f of RESULT_FILES) {
  const file = path.join(out, f);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
}
const failedRuns = codes.filter((c) => c !== 0).length;
console.log(`\nall tests in ${((Date.now() - started) / 60000).toFixed(1)} min`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedRuns > 0 || failed > 0 || passed === 0 ? 1 : 0);
