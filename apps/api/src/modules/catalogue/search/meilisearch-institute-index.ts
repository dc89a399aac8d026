import { randomBytes } from 'node:crypto';
import {
  Meilisearch,
  MeilisearchApiError,
  type EnqueuedTaskPromise,
  type Index,
  type Settings,
  type Task,
} from 'meilisearch';
import type {
  IndexedInstitute,
  InstituteSearchIndex,
  InstituteSummaryHit,
  InstituteTextQuery,
  InstituteTextResult,
} from './institute-search.port';
import { isRequiredWord, searchWords } from './search-words';

const MAX_QUERY_WORDS = 8;
/** Documents per request when the whole catalogue is loaded. */
const BATCH = 10_000;

/** An institute as the Meilisearch index holds it. */
export interface MeilisearchInstituteDocument {
  /** The primary key: the id in hex, since Meilisearch keys allow only [A-Za-z0-9_-] and institute ids may not. */
  key: string;
  id: string;
  name: string;
  otherNames: string[];
  names: string[];
  countryId: string | null;
  countryName: string | null;
  parentId: string | null;
  searchable: boolean;
  price: number;
  surcharge: number;
  readOnly: boolean;
  children: number;
  /** The distinct words of all its names as the in-process index splits them (search-words.ts), a facet. */
  words: string[];
  /** The tie-break: shorter names first. */
  nameLength: number;
}

export interface MeilisearchIndexOptions {
  url: string;
  /** A key allowed to search, manage documents and settings, and create, swap and delete indexes of this name. */
  apiKey?: string;
  /** The index's name (uid). */
  indexUid: string;
  /** How long a write waits for Meilisearch to apply it (ms): writes are read-your-writes. */
  taskTimeoutMs?: number;
  /** A full load waits this long (ms). */
  loadTimeoutMs?: number;
  /** Request timeout (ms). */
  requestTimeoutMs?: number;
}

/**
 * The settings of the institute index. The in-process index weighs every name of an institute alike (no field
 * boosts) and ignores word order and position, so: both name fields searchable, no 'attribute' or 'proximity'
 * rule; better matches first ('words', then fewer typos, then exact words over prefixes), then the order the
 * in-process index breaks ties in (shorter name, name, country, id) through 'sort'. Typos as the in-process index
 * allows them: none for words under 4 letters, one from 4, two from 8 (Meilisearch counts two swapped neighbours as
 * one). Totals are counted exactly up to maxTotalHits.
 */
export const MEILISEARCH_INSTITUTE_SETTINGS: Settings = {
  searchableAttributes: ['name', 'otherNames'],
  filterableAttributes: ['countryId', 'parentId', 'searchable', 'words'],
  sortableAttributes: ['nameLength', 'name', 'countryId', 'key'],
  displayedAttributes: ['*'],
  rankingRules: ['words', 'typo', 'exactness', 'sort'],
  typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 4, twoTypos: 8 } },
  stopWords: [],
  pagination: { maxTotalHits: 100_000 },
  // A query word's facet search keeps the 100 words most institutes have (alphabetical order would keep the
  // first 100 and drop the rest, however common).
  faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { '*': 'alpha', words: 'count' } },
  facetSearch: true,
  prefixSearch: 'indexingTime',
};

const SORT = ['nameLength:asc', 'name:asc', 'countryId:asc', 'key:asc'];

/**
 * A value in a Meilisearch filter expression, double-quoted. Inside quotes Meilisearch's filter parser
 * (filter-parser/src/value.rs) reads a backslash as "the next character is literal" and ends the string at the first
 * unescaped quote; it then turns \" into " and unescapes the rest (\\ into \). So every backslash and every quote
 * is escaped: nothing a caller sends can end the string early and add a condition, and the value reads back as sent.
 */
export function filterValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export const documentKey = (id: string) => Buffer.from(id, 'utf8').toString('hex');

export function toDocument(i: IndexedInstitute): MeilisearchInstituteDocument {
  const names = [i.name, ...i.otherNames];
  return {
    key: documentKey(i.id),
    id: i.id,
    name: i.name,
    otherNames: i.otherNames,
    names,
    countryId: i.countryId,
    countryName: i.countryName,
    parentId: i.parentId,
    searchable: i.searchable,
    price: i.price,
    surcharge: i.surcharge,
    readOnly: i.readOnly,
    children: i.children,
    words: searchWords(names.join(' ')),
    nameLength: i.name.length,
  };
}

const toHit = (d: MeilisearchInstituteDocument): InstituteSummaryHit => ({
  id: d.id,
  name: d.name,
  names: d.names,
  countryId: d.countryId,
  countryName: d.countryName,
  price: d.price,
  surcharge: d.surcharge,
  readOnly: d.readOnly,
  children: d.children,
});

const HIT_FIELDS = [
  'id',
  'name',
  'names',
  'countryId',
  'countryName',
  'price',
  'surcharge',
  'readOnly',
  'children',
];

/**
 * The institute search in a Meilisearch server, for deployments whose catalogue outgrows one API process
 * (SEARCH_ENGINE=meilisearch). Every replica's InstituteIndexSync feeds it from the catalogue's change
 * notifications as it feeds the in-process index; writes wait for Meilisearch's task to finish, so a search after
 * a write sees it. A full load goes into a fresh index that is then swapped in, so searches never see a half-loaded
 * catalogue.
 *
 * The query is matched word by word as the in-process index does, with Meilisearch's own matching: 'of', 'the'
 * and the other optional words (search-words.ts) are left out when the query has other words. Meilisearch takes
 * only the last word of a query as a possible prefix, so the last required word is the search's query (typos,
 * prefix, ranking), and each earlier one becomes a filter on the words facet, its values those Meilisearch's facet
 * search finds for it (prefix and typo tolerant, the 100 most common, the word itself included): 'the univ of dem' is the query 'dem' among
 * institutes with a word like 'univ'. The earlier words' typos therefore do not take part in the ranking.
 */
export class MeilisearchInstituteIndex implements InstituteSearchIndex {
  readonly kind = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly uid: string;
  private readonly taskTimeoutMs: number;
  private readonly loadTimeoutMs: number;
  private count = 0;
  private ready: Promise<void> | null = null;

  constructor(options: MeilisearchIndexOptions) {
    this.client = new Meilisearch({
      host: options.url,
      apiKey: options.apiKey,
      timeout: options.requestTimeoutMs ?? 10_000,
    });
    this.uid = options.indexUid;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 30_000;
    this.loadTimeoutMs = options.loadTimeoutMs ?? 300_000;
  }

  size(): number {
    return this.count;
  }

  async replaceAll(institutes: readonly IndexedInstitute[]): Promise<void> {
    await this.ensureIndex();
    const next = `${this.uid}_load_${randomBytes(6).toString('hex')}`;
    try {
      await this.wait(this.client.createIndex(next, { primaryKey: 'key' }));
      await this.wait(this.client.index(next).updateSettings(MEILISEARCH_INSTITUTE_SETTINGS));
      const docs = institutes.map(toDocument);
      const index = this.client.index<MeilisearchInstituteDocument>(next);
      for (let at = 0; at < docs.length; at += BATCH) {
        await this.wait(
          index.addDocuments(docs.slice(at, at + BATCH), { primaryKey: 'key' }),
          this.loadTimeoutMs,
        );
      }
      await this.wait(this.client.swapIndexes([{ indexes: [this.uid, next], rename: false }]));
    } finally {
      // After the swap this is the old catalogue; after a failure, the half-loaded one.
      await this.wait(this.client.deleteIndex(next)).catch(() => undefined);
    }
    await this.refreshCount();
  }

  async upsert(institutes: readonly IndexedInstitute[]): Promise<void> {
    if (!institutes.length) return;
    await this.ensureIndex();
    await this.wait(this.index().addDocuments(institutes.map(toDocument), { primaryKey: 'key' }));
    await this.refreshCount();
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    await this.ensureIndex();
    await this.wait(this.index().deleteDocuments(ids.map(documentKey)));
    await this.refreshCount();
  }

  async search(q: InstituteTextQuery): Promise<InstituteTextResult> {
    const none: InstituteTextResult = { hits: [], total: 0 };
    const words = searchWords(q.text, MAX_QUERY_WORDS);
    const required = words.filter(isRequiredWord);
    // Only optional words ('the', 'of'): any of them.
    const matched = required.length ? required : words;
    if (!matched.length) return none;
    if (q.countryIds && !q.countryIds.length) return none;
    const base: string[] = [
      q.parentId === undefined ? 'searchable = true' : `parentId = ${filterValue(q.parentId)}`,
    ];
    if (q.countryIds) base.push(`countryId IN [${q.countryIds.map(filterValue).join(', ')}]`);
    const last = matched[matched.length - 1]!;
    const earlier = required.length ? matched.slice(0, -1) : [];
    const expansions = await Promise.all(earlier.map((word) => this.wordsLike(word, base))).catch(
      nothingLoaded,
    );
    if (!expansions || expansions.some((values) => !values.length)) return none;
    const filter = [
      ...base,
      ...expansions.map((values) => `words IN [${values.map(filterValue).join(', ')}]`),
    ];
    const params = {
      filter,
      sort: SORT,
      // Meilisearch counts pages from 1, and answers an exact totalHits when asked by page.
      page: q.page + 1,
      hitsPerPage: q.size,
      matchingStrategy: required.length ? ('all' as const) : ('last' as const),
      attributesToRetrieve: HIT_FIELDS,
    };
    const response = await this.index()
      .search<MeilisearchInstituteDocument, typeof params>(required.length ? last : words.join(' '), params)
      .catch(nothingLoaded);
    if (!response) return none;
    return { hits: response.hits.map(toHit), total: response.totalHits };
  }

  /** The indexed words Meilisearch's facet search takes a query word for (prefix and typos), the word included. */
  private async wordsLike(word: string, filter: string[]): Promise<string[]> {
    const { facetHits } = await this.index().searchForFacetValues({
      facetName: 'words',
      facetQuery: word,
      filter,
    });
    const values = facetHits.map((h) => h.value);
    return values.length && !values.includes(word) ? [word, ...values] : values;
  }

  private index(): Index<MeilisearchInstituteDocument> {
    return this.client.index<MeilisearchInstituteDocument>(this.uid);
  }

  /** The index and its settings, once per process (idempotent on the server: another replica may have made it). */
  private ensureIndex(): Promise<void> {
    this.ready ??= (async () => {
      const created = await this.client
        .createIndex(this.uid, { primaryKey: 'key' })
        .waitTask({ timeout: this.taskTimeoutMs });
      if (created.status === 'failed' && created.error?.code !== 'index_already_exists')
        throw taskError(created);
      await this.wait(this.index().updateSettings(MEILISEARCH_INSTITUTE_SETTINGS));
    })().catch((e: unknown) => {
      this.ready = null;
      throw e;
    });
    return this.ready;
  }

  private async refreshCount() {
    this.count = (await this.index().getStats()).numberOfDocuments;
  }

  private async wait(enqueued: EnqueuedTaskPromise, timeout = this.taskTimeoutMs): Promise<Task> {
    const task = await enqueued.waitTask({ timeout });
    if (task.status !== 'succeeded') throw taskError(task);
    return task;
  }

  /** Deletes the index (tests). */
  async drop(): Promise<void> {
    await this.client.deleteIndexIfExists(this.uid);
  }
}

/** Nothing loaded yet (no index): nothing to find. */
function nothingLoaded(e: unknown): null {
  if (e instanceof MeilisearchApiError && e.cause?.code === 'index_not_found') return null;
  throw e;
}

function taskError(task: Task): Error {
  return new Error(
    `Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.code ?? ''} ${task.error?.message ?? ''}`.trim(),
  );
}
