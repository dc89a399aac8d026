// `npm test`: every test of the workspace. jest runs the Node projects (unit and integration, against a real
// PostgreSQL), vitest the two React apps. Ends with one summary line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'tmp', 'test-results');
mkdirSync(out, { recursive: true });
const extra = process.argv.slice(2);
const env = { ...process.env, TZ: 'UTC', NX_DAEMON: 'false' };

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  return r.status ?? 1;
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const codes = [];
codes.push(run(bin('jest'), ['--json', `--outputFile=${path.join(out, 'jest.json')}`, ...extra]));
for (const app of ['portal', 'console']) {
  if (!existsSync(path.join(root, 'apps', app, 'vite.config.ts'))) continue;
  codes.push(
    run(bin('vitest'), ['run', '--root', `apps/${app}`, '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(out, `${app}.json`)}`]),
  );
}

let passed = 0;
let failed = 0;
for (const f of ['jest.json', 'portal.json', 'console.json']) {
  const file = path.join(out, f);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
}
const failedRuns = codes.filter((c) => c !== 0).length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedRuns > 0 || failed > 0 || passed === 0 ? 1 : 0);
