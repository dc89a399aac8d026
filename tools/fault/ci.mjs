// `npm run fault -- ci`: the scenarios that end in a few minutes, one after the other, as CI runs them (issue 19).
// The API is built once; each scenario runs in its own process (`run.mjs <name> --quick --no-build`) with a hard
// timeout: past it, the scenario and every process below it (its PostgreSQL, API, Chromium, redis-server) are
// SIGKILLed and the run counts as failed. Prints each scenario's outcome and wall time, then a summary as JSON on
// stdout; exits 0 when every scenario held (or was skipped for a missing tool), 1 otherwise. FAULT_CI_ONLY=a,b runs
// only those; FAULT_CI_TIMEOUT_S lowers the caps.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { descendantsOf, log, sleep } from './lib.mjs';

/** Wall-time caps: about twice what each took on the shared 2-core machine (see the README's fault table). */
export const CI_SCENARIOS = [
  { name: 'kill', args: ['--quick'], timeoutS: 240 },
  { name: 'pg-restart', args: ['--quick'], timeoutS: 180 },
  { name: 'queue-stop', args: ['--quick'], timeoutS: 240 },
  { name: 'chromium-kill', args: [], timeoutS: 180 },
  { name: 'load', args: ['--quick'], timeoutS: 240 },
];

let current = null;

function killTree(child) {
  const pids = [child.pid, ...descendantsOf(child.pid)];
  for (const pid of pids.reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  return pids.length;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current) killTree(current);
    process.exit(130);
  });
}

/** FAULT_CI_TIMEOUT_S lowers every cap (to try the timeout path itself). */
const capOf = (s) => Math.min(s.timeoutS, Number(process.env.FAULT_CI_TIMEOUT_S ?? s.timeoutS));

/** The scenarios' temp folders (PostgreSQL data, redis): a killed scenario leaves its own behind. */
const tempDirs = () => new Set(readdirSync(tmpdir()).filter((d) => d.startsWith('credence-fault-')));
const inUse = (dir) =>
  readdirSync('/proc').some((p) => {
    try {
      return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(dir);
    } catch {
      return false;
    }
  });

function runOne({ name, args, timeoutS }) {
  const before = tempDirs();
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'run.mjs'), name, ...args, '--no-build'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    current = child;
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const n = killTree(child);
      log(`ci: ${name} did not end within ${timeoutS} s: SIGKILLed it and ${n - 1} processes below it`);

    }, timeoutS * 1000);
    child.on('exit', async (code, signal) => {
      clearTimeout(timer);
      if (timedOut) {
        // Its folders go once nothing killed uses them any more (before the next scenario makes its own).
        const left = [...tempDirs()].filter((d) => !before.has(d));
        for (let i = 0; i < 50 && left.some(inUse); i++) await sleep(100);
        for (const d of left) if (!inUse(d)) rmSync(path.join(tmpdir(), d), { recursive: true, force: true });
      }
      current = null;
      let result = null;
      try {
        result = JSON.parse(out);
      } catch {
        /* no JSON: it failed before its report */
      }
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const outcome = timedOut ? 'timeout' : result?.skipped ? 'skipped' : code === 0 ? 'held' : 'failed';
      resolve({ name, args, outcome, exitCode: code, signal, seconds, timeoutS, result });
    });
  });
}

export async function ciRun() {
  const started = Date.now();
  const runs = [];
  const only = process.env.FAULT_CI_ONLY?.split(',');
  for (const s of CI_SCENARIOS.filter((x) => !only || only.includes(x.name))) {
    const capped = { ...s, timeoutS: capOf(s) };
    log(`ci: ${s.name} ${s.args.join(' ')} (hard timeout ${capped.timeoutS} s)`);
    const r = await runOne(capped);
    log(`ci: ${s.name}: ${r.outcome} in ${r.seconds} s`);
    process.stderr.write(`${JSON.stringify(r.result ?? null)}\n`);
    runs.push(r);
  }
  const summary = {
    scenario: 'ci',
    seconds: Math.round((Date.now() - started) / 100) / 10,
    runs: runs.map(({ name, args, outcome, exitCode, seconds, timeoutS }) => ({
      name,
      args: args.join(' '),
      outcome,
      exitCode,
      seconds,
      timeoutS,
    })),
    ok: runs.every((r) => r.outcome === 'held' || r.outcome === 'skipped'),
  };
  return summary;
}
