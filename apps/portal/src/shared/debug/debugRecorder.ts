import type { RecordingReason } from '@credence/api-contract';
import { APP_VERSION } from '@/shared/config';
import { api } from '@/shared/api/client';

/**
 * Session recording, for support and for error reports. rrweb records what the page shows (DOM snapshots and
 * changes, pointer and scroll), never what is typed: every input is masked, and anything marked data-private is left
 * out. Three reasons to record a tab (the API keeps the reason with the recording):
 * - 'debug': access 2.3, 'the query flag logit=true turns on debug session recording; the recorder is not started on
 *   the /verify route'. The user is told.
 * - 'sampled': access 9, 'session replay on 10% of sessions'.
 * - 'error': access 9, 'and on 100% of sessions with an error': every other tab keeps the last minute or two in
 *   memory (nothing leaves the browser), and sends it once an error is reported, then records on.
 * A recording belongs to this tab (sessionStorage): it goes on across reloads and screens until the tab closes or the
 * user signs out (the portal's session storage is wiped then).
 */
const ID_KEY = 'credence.portal.logit';
const SEQ_KEY = 'credence.portal.logit.seq';
const REASON_KEY = 'credence.portal.logit.reason';
/** How often the buffered events go to the API, and the most it holds before sending at once. */
export const FLUSH_MS = 5000;
const FLUSH_EVENTS = 500;
/**
 * Unsent, a tab keeps what it recorded since the full snapshot before last: rrweb takes one every minute, so an error
 * report's replay starts one to two minutes before the error.
 */
export const BUFFER_CHECKOUT_MS = 60_000;

export type { RecordingReason };

export const logitRequested = (search: string) => new URLSearchParams(search).get('logit') === 'true';

/** Access 2.3: not on the /verify route (the public resolver's page, someone else's records). */
export const recordsOn = (pathname: string) => !/^\/verify(\/|$)/i.test(pathname);

/** This tab's recording, if one was started. */
export const currentRecordingId = (): string | null => sessionStorage.getItem(ID_KEY);

export const currentRecordingReason = (): RecordingReason =>
  (sessionStorage.getItem(REASON_KEY) as RecordingReason | null) ?? 'debug';

/** A recording's reason only goes up: a sample that meets an error is kept for it; support's request outranks both. */
const RANK: Record<RecordingReason, number> = { sampled: 0, error: 1, debug: 2 };

/** Starts this tab's recording, or gives the one it has: 128 random bits, the only key to write to it. */
export function beginRecording(reason: RecordingReason = 'debug'): string {
  const existing = currentRecordingId();
  if (existing) {
    if (RANK[reason] > RANK[currentRecordingReason()]) sessionStorage.setItem(REASON_KEY, reason);
    return existing;
  }
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  sessionStorage.setItem(ID_KEY, id);
  sessionStorage.setItem(SEQ_KEY, '0');
  sessionStorage.setItem(REASON_KEY, reason);
  return id;
}

export type SendChunk = (
  id: string,
  seq: number,
  events: unknown[],
  reason: RecordingReason,
) => Promise<void>;

/**
 * POST /v1/debug/recordings/{id}/events: quietly, a lost chunk is a gap in the replay, never an error for the user.
 * The events go as JSON text (`payload`): a full snapshot nests as deep as the page, deeper than the API takes a JSON
 * body, and as text every control character on the page is escaped.
 */
export const sendChunk: SendChunk = (id, seq, events, reason) =>
  api.post<void>(
    `/debug/recordings/${id}/events`,
    { seq, payload: JSON.stringify(events), appVersion: APP_VERSION, reason },
    undefined,
    { silent: true },
  );

type RecordFn = (options: {
  emit: (event: unknown, isCheckout?: boolean) => void;
  maskAllInputs?: boolean;
  blockSelector?: string;
  sampling?: { mousemove?: number; scroll?: number; input?: 'last' | 'all' };
  slimDOMOptions?: 'all' | boolean;
  checkoutEveryNms?: number;
  maskTextSelector?: string;
}) => (() => void) | undefined;

export type LoadRrweb = () => Promise<{ record: RecordFn }>;

/** Resolves when the browser is idle (at most 3 s on), or 200 ms on where it cannot say (Safari, jsdom). */
const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });

const loadRrweb: LoadRrweb = () => import('rrweb') as unknown as Promise<{ record: RecordFn }>;

/**
 * One tab's recorder, started and stopped as the user moves between screens. With an id it sends its events in
 * numbered chunks; without one (`null`: a tab not sampled) it only keeps the last minute or two in memory, until
 * `send` gives it an id and it sends what it kept and goes on sending.
 */
export class DebugRecorder {
  private stopRecording?: () => void;
  private starting?: Promise<void>;
  /** Events not sent yet; unsent, the events before the last full snapshot are in `previous`. */
  private buffer: unknown[] = [];
  private previous: unknown[] = [];
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    private recordingId: string | null,
    private readonly send: SendChunk = sendChunk,
    private readonly load: LoadRrweb = loadRrweb,
  ) {}

  get id(): string | null {
    return this.recordingId;
  }

  get recording(): boolean {
    return !!this.stopRecording;
  }

  /** True while nothing is sent: the events are only kept in memory, for an error's replay. */
  get buffering(): boolean {
    return this.recordingId === null;
  }

  start(): Promise<void> {
    if (this.starting) return this.starting;
    // Every tab keeps its last minutes for an error report: rrweb (80 kB compressed) and its first snapshot wait until
    // the page has settled, not to slow the screen the user came for. A recording asked for starts at once.
    const ready = this.buffering ? whenIdle() : Promise.resolve();
    const attempt: Promise<void> = ready
      .then(() => this.load())
      .then(({ record }) => {
        if (this.starting !== attempt) return; // stopped (or started afresh) while rrweb loaded
        this.record(record);
      })
      .catch(() => {
        if (this.starting === attempt) this.starting = undefined; // rrweb could not load: nothing is recorded, nothing breaks
      });
    this.starting = attempt;
    return attempt;
  }

  private record(record: RecordFn) {
    const buffering = this.buffering;
    // A recording nobody asked for (a sample, an error's) shows the page's shape and what happened, not what it said:
    // every text is masked, as inputs always are. Support's debug recording, which the user is told of, shows it.
    const masked = buffering || currentRecordingReason() !== 'debug';
    this.stopRecording =
      record({
        emit: (event, isCheckout) => {
          if (isCheckout && this.buffering) {
            this.previous = this.buffer;
            this.buffer = [];
          }
          this.buffer.push(event);
          if (!this.buffering && this.buffer.length >= FLUSH_EVENTS) void this.flush();
        },
        maskAllInputs: true,
        blockSelector: '[data-private]',
        sampling: { mousemove: 100, scroll: 150, input: 'last' },
        slimDOMOptions: 'all',
        // Sent events need no checkouts: the replay has them all. Kept ones are cut at the last but one.
        ...(buffering ? { checkoutEveryNms: BUFFER_CHECKOUT_MS } : {}),
        ...(masked ? { maskTextSelector: '*' } : {}),
      }) ?? (() => undefined);
    if (!buffering) {
      this.timer = setInterval(() => void this.flush(), FLUSH_MS);
      addEventListener('pagehide', this.flushNow);
    }
  }

  /**
   * From now on the events go to the recording `id`, starting with the ones kept in memory. Recording started again
   * without checkouts (a fresh full snapshot) where it was running.
   */
  async sendTo(id: string): Promise<void> {
    if (!this.buffering) return;
    this.recordingId = id;
    this.buffer = [...this.previous, ...this.buffer];
    this.previous = [];
    const running = this.starting !== undefined;
    this.halt();
    const sent = this.flush();
    if (running) void this.start();
    await sent;
  }

  /** Records afresh (a new full snapshot) if it was recording: after the reason changed what is masked. */
  restart() {
    if (!this.starting) return;
    this.halt();
    void this.start();
  }

  private halt() {
    this.stopRecording?.();
    this.stopRecording = undefined;
    this.starting = undefined;
    clearInterval(this.timer);
    removeEventListener('pagehide', this.flushNow);
  }

  stop(): Promise<void> {
    this.halt();
    if (this.buffering) {
      // Kept events end where recording stopped: a replay must not join the screens on either side of a gap.
      this.buffer = [];
      this.previous = [];
    }
    return this.flush();
  }

  private readonly flushNow = () => void this.flush();

  async flush(): Promise<void> {
    const id = this.recordingId;
    if (id === null || !this.buffer.length) return;
    const events = this.buffer.splice(0);
    const seq = Number(sessionStorage.getItem(SEQ_KEY) ?? '0');
    sessionStorage.setItem(SEQ_KEY, String(seq + 1));
    await this.send(id, seq, events, currentRecordingReason()).catch(() => undefined);
  }
}
