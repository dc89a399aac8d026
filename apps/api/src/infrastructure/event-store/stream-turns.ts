/**
 * One piece of work at a time per stream, in call order; the others wait their turn (nothing kept once idle). The
 * adapters' head-reading appends ('any', 'stream_exists') take turns with it: a process's own appends to one stream
 * would otherwise only race each other for the same head.
 */
export class StreamTurns {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(stream) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before.then(() => mine);
    this.tails.set(stream, tail);
    await before;
    try {
      return await work();
    } finally {
      done();
      if (this.tails.get(stream) === tail) this.tails.delete(stream);
    }
  }
}

/** A short random wait before reading a stream's head again, growing with the attempt (at most 64 ms). */
export const headRetryPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));
