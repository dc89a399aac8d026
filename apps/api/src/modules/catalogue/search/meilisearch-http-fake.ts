// Test support, not runtime code: a local HTTP stand-in for Meilisearch's API, for request/response checks of the
// Meilisearch adapter. It records each request, keeps tasks (all succeed unless told otherwise) and the documents
// of each index (added, deleted, swapped, so stats count them), and answers facet searches and searches with what a
// test gives it. It does not search: whether Meilisearch finds and ranks as the contract expects is for the
// contract suite against a real server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | undefined;
}

export class FakeMeilisearch {
  readonly seen: Seen[] = [];
  private server!: Server;
  private nextTask = 0;
  private readonly tasks = new Map<
    number,
    { type: string; indexUid: string | null; error?: { code: string; message: string } }
  >();
  /** Task failures to answer, by task type (first match is used once). */
  failNext: { type: string; code: string; message: string }[] = [];
  /** Index uid -> primary key -> document, as the tasks left them. */
  readonly indexes = new Map<string, Map<string, Record<string, unknown>>>();
  facetValues: Record<string, string[]> = {};
  /** Answer searches and facet searches as Meilisearch does for an index that does not exist. */
  noIndex = false;
  searchAnswer: (body: Record<string, unknown>) => { status: number; body: unknown } = () => ({
    status: 200,
    body: { hits: [], totalHits: 0, page: 1, hitsPerPage: 20, totalPages: 0, processingTimeMs: 1, query: '' },
  });

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  requests(method: string, pathPattern: RegExp) {
    return this.seen.filter((s) => s.method === method && pathPattern.test(s.path));
  }

  /** The documents of an index, by primary key. */
  documents(indexUid: string): Record<string, unknown>[] {
    return [...(this.indexes.get(indexUid)?.values() ?? [])];
  }

  private enqueue(
    res: ServerResponse,
    type: string,
    indexUid: string | null,
    apply: () => void = () => undefined,
  ) {
    const uid = this.nextTask++;
    const failure = this.failNext.findIndex((f) => f.type === type);
    const error = failure >= 0 ? this.failNext.splice(failure, 1)[0] : undefined;
    if (!error) apply();
    this.tasks.set(uid, { type, indexUid, error: error && { code: error.code, message: error.message } });
    this.json(res, 202, {
      taskUid: uid,
      indexUid,
      status: 'enqueued',
      type,
      enqueuedAt: new Date().toISOString(),
    });
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url!, 'http://fake');
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    const method = req.method!;
    const path = url.pathname;
    if (!path.startsWith('/tasks/')) {
      this.seen.push({ method, path, query: url.searchParams, body, auth: req.headers.authorization });
    }
    let m: RegExpMatchArray | null;
    if (method === 'GET' && (m = path.match(/^\/tasks\/(\d+)$/))) {
      const uid = Number(m[1]);
      const task = this.tasks.get(uid)!;
      return this.json(res, 200, {
        uid,
        indexUid: task.indexUid,
        type: task.type,
        status: task.error ? 'failed' : 'succeeded',
        error: task.error
          ? { ...task.error, type: 'invalid_request', link: 'https://docs.meilisearch.com/errors' }
          : null,
        details: {},
        duration: 'PT0.001S',
        enqueuedAt: new Date().toISOString(),
        startedAt: new Date().toISOString(),
        finishedAt: new Date().toISOString(),
      });
    }
    if (method === 'POST' && path === '/indexes') {
      const uid = (body as { uid: string }).uid;
      if (this.indexes.has(uid))
        this.failNext.unshift({
          type: 'indexCreation',
          code: 'index_already_exists',
          message: `Index \`${uid}\` already exists.`,
        });
      return this.enqueue(res, 'indexCreation', uid, () => this.indexes.set(uid, new Map()));
    }
    if (method === 'POST' && path === '/swap-indexes') {
      return this.enqueue(res, 'indexSwap', null, () => {
        for (const { indexes } of body as { indexes: [string, string] }[]) {
          const [a, b] = indexes.map(
            (uid) => this.indexes.get(uid) ?? new Map<string, Record<string, unknown>>(),
          );
          this.indexes.set(indexes[0], b!);
          this.indexes.set(indexes[1], a!);
        }
      });
    }
    if (method === 'DELETE' && (m = path.match(/^\/indexes\/([^/]+)$/))) {
      const uid = m[1]!;
      return this.enqueue(res, 'indexDeletion', uid, () => this.indexes.delete(uid));
    }
    if (method === 'PATCH' && (m = path.match(/^\/indexes\/([^/]+)\/settings$/))) {
      return this.enqueue(res, 'settingsUpdate', m[1]!);
    }
    if (method === 'POST' && (m = path.match(/^\/indexes\/([^/]+)\/documents$/))) {
      const uid = m[1]!;
      const key = url.searchParams.get('primaryKey') ?? 'id';
      return this.enqueue(res, 'documentAdditionOrUpdate', uid, () => {
        const docs = this.indexes.get(uid) ?? new Map<string, Record<string, unknown>>();
        for (const d of body as Record<string, unknown>[]) docs.set(String(d[key]), d);
        this.indexes.set(uid, docs);
      });
    }
    if (method === 'POST' && (m = path.match(/^\/indexes\/([^/]+)\/documents\/delete-batch$/))) {
      const uid = m[1]!;
      return this.enqueue(res, 'documentDeletion', uid, () => {
        for (const key of body as string[]) this.indexes.get(uid)?.delete(key);
      });
    }
    if (method === 'GET' && (m = path.match(/^\/indexes\/([^/]+)\/stats$/))) {
      return this.json(res, 200, {
        numberOfDocuments: this.indexes.get(m[1]!)?.size ?? 0,
        isIndexing: false,
        fieldDistribution: {},
      });
    }
    if (
      this.noIndex &&
      method === 'POST' &&
      (m = path.match(/^\/indexes\/([^/]+)\/(facet-search|search)$/))
    ) {
      const message = `Index \`${m[1]!}\` not found.`;
      return this.json(res, 404, { message, code: 'index_not_found', type: 'invalid_request', link: '' });
    }
    if (method === 'POST' && path.match(/^\/indexes\/[^/]+\/facet-search$/)) {
      const q = (body as { facetQuery: string }).facetQuery;
      return this.json(res, 200, {
        facetHits: (this.facetValues[q] ?? []).map((value) => ({ value, count: 1 })),
        facetQuery: q,
        processingTimeMs: 0,
      });
    }
    if (method === 'POST' && path.match(/^\/indexes\/[^/]+\/search$/)) {
      const answer = this.searchAnswer(body as Record<string, unknown>);
      return this.json(res, answer.status, answer.body);
    }
    this.json(res, 404, {
      message: `no route ${method} ${path}`,
      code: 'not_found',
      type: 'invalid_request',
      link: '',
    });
  }
}
