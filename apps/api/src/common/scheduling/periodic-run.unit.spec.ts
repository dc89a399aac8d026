import { Logger } from '@nestjs/common';
import { PeriodicRun } from './periodic-run';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PeriodicRun', () => {
  it('never runs twice at once, logs a failed run and goes on, and stop() waits for the run in progress', async () => {
    const logger = new Logger('test');
    const warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const periodic = new PeriodicRun('test sweep', logger);
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    let finished = 0;
    periodic.start(5, async () => {
      runs++;
      inFlight++;
      most = Math.max(most, inFlight);
      await sleep(30);
      inFlight--;
      finished++;
      if (runs === 1) throw new Error('boom');
    });
    await sleep(100);
    await periodic.stop();
    const stoppedAt = runs;
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    expect(finished).toBe(runs);
    expect(warn).toHaveBeenCalledWith('test sweep failed: boom');
    await sleep(30);
    expect(runs).toBe(stoppedAt);
  });
});
