import { PgNotifyBatcher } from './pg-notify-batcher';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PgNotifyBatcher', () => {
  it('folds the pokes of a window into one NOTIFY, and sends again for pokes that came while it was out', async () => {
    let sent = 0;
    let release!: () => void;
    const batcher = new PgNotifyBatcher(
      () => {
        sent++;
        return new Promise<void>((resolve) => (release = resolve));
      },
      undefined,
      5,
    );
    for (let i = 0; i < 50; i++) batcher.poke();
    await tick(20);
    expect(sent).toBe(1);
    batcher.poke();
    batcher.poke();
    await tick(20);
    expect(sent).toBe(1); // one at a time
    release();
    await tick(20);
    expect(sent).toBe(2);
    release();
    await tick(20);
    expect(sent).toBe(2); // nothing pending: quiet
    await batcher.close();
  });

  it('close() sends what is pending and ignores later pokes; a failed NOTIFY is only a warning', async () => {
    const warnings: string[] = [];
    let sent = 0;
    const batcher = new PgNotifyBatcher(
      async () => {
        sent++;
        throw new Error('pool ended');
      },
      (m) => warnings.push(m),
      1000,
    );
    batcher.poke();
    await batcher.close();
    expect(sent).toBe(1);
    batcher.poke();
    await tick(10);
    expect(sent).toBe(1);
    expect(warnings).toEqual([]); // closing: the pool may be gone, nothing to say
  });
});
