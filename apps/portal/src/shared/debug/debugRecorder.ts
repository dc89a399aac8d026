import { APP_VERSION } from '@/shared/config';
import { api } from '@/shared/api/client';

/**
 * Debug session recording (access 2.3): 'the query flag logit=true turns on debug session recording; the recorder is
 * not started on the /verify route.' rrweb records what the page shows (DOM snapshots and changes, pointer and
 * scroll), never what is typed: every input is masked, and anything marked data-private is left out. The recording
 * belongs to this tab (sessionStorage): it goes on across reloads and screens until the tab closes or the user
 * signs out (the portal's session storage is wiped then).
 */
const ID_KEY = 'credence.portal.logit';
const SEQ_KEY = 'credence.portal.logit.seq';
/** How often the buffered events go to the API, and the most it holds before sending at once. */
export const FLUSH_MS = 5000;
const FLUSH_EVENTS = 500;

export const logitRequested = (search: string) => new URLSearchParams(search).get('logit') === 'true';

/** Access 2.3: not on the /verify route (the public resolver's page, someone else's records). */
export const recordsOn = (pathname: string) => !/^\/verify(\/|$)/i.test(pathname);

/** This tab's recording, if one was asked for. */
export const currentRecordingId = (): string | null => sessionStorage.getItem(ID_KEY);

/** Starts this tab's recording: 128 random bits, the only key to write to it. */
export function beginRecording(): string {
  const existing = currentRecordingId();
  if (existing) return existing;
  const id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
  sessionStorage.setItem(ID_KEY, id);
  sessionStorage.setItem(SEQ_KEY, '0');
  return id;
}

export type SendChunk = (id: string, seq: number, events: unknown[]) => Promise<void>;

/**
 * POST /v1/debug/recordings/{id}/events: quietly, a lost chunk is a gap in the replay, never an error for the user.
 * The events go as JSON text (`payload`): a full snapshot nests as deep as the page, deeper than the API takes a JSON
 * body, and as text every control character on the page is escaped.
 */
export const sendChunk: SendChunk = (id, seq, events) =>
  api.post<void>(
    `/debug/recordings/${id}/events`,
    { seq, payload: JSON.stringify(events), appVersion: APP_VERSION },
    undefined,
    { silent: true },
  );

type RecordFn = (options: {
  emit: (event: unknown) => void;
  maskAllInputs?: boolean;
  blockSelector?: string;
  sampling?: { mousemove?: number; scroll?: number; input?: 'last' | 'all' };
  slimDOMOptions?: 'all' | boolean;
}) => (() => void) | undefined;

/** One tab's recorder: started and stopped as the user moves between screens, sending its events in numbered chunks. */
export class DebugRecorder {
  private stopRecording?: () => void;
  private starting?: Promise<void>;
  private buffer: unknown[] = [];
  private timer?: ReturnType<typeof setInterval>;

  constructor(
    readonly id: string,
    private readonly send: SendChunk = sendChunk,
    private readonly load: () => Promise<{ record: RecordFn }> = () =>
      import('rrweb') as unknown as Promise<{ record: RecordFn }>,
  ) {}

  get recording(): boolean {
    return !!this.stopRecording;
  }

  start(): Promise<void> {
    this.starting ??= this.load()
      .then(({ record }) => {
        if (this.starting === undefined) return; // stopped while rrweb loaded
        this.stopRecording =
          record({
            emit: (event) => {
              this.buffer.push(event);
              if (this.buffer.length >= FLUSH_EVENTS) void this.flush();
            },
            maskAllInputs: true,
            blockSelector: '[data-private]',
            sampling: { mousemove: 100, scroll: 150, input: 'last' },
            slimDOMOptions: 'all',
          }) ?? (() => undefined);
        this.timer = setInterval(() => void this.flush(), FLUSH_MS);
        addEventListener('pagehide', this.flushNow);
      })
      .catch(() => {
        this.starting = undefined; // rrweb could not load: nothing is recorded, nothing breaks
      });
    return this.starting;
  }

  stop(): Promise<void> {
    this.stopRecording?.();
    this.stopRecording = undefined;
    this.starting = undefined;
    clearInterval(this.timer);
    removeEventListener('pagehide', this.flushNow);
    return this.flush();
  }

  private readonly flushNow = () => void this.flush();

  async flush(): Promise<void> {
    if (!this.buffer.length) return;
    const events = this.buffer.splice(0);
    const seq = Number(sessionStorage.getItem(SEQ_KEY) ?? '0');
    sessionStorage.setItem(SEQ_KEY, String(seq + 1));
    await this.send(this.id, seq, events).catch(() => undefined);
  }
}
