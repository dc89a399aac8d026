/** A row of the institute search as the API answers it (GET /institute/summary). */
export interface InstituteSummaryHit {
  id: string;
  name: string;
  names: string[];
  countryId: string | null;
  countryName: string | null;
  price: number;
  surcharge: number;
  readOnly: boolean;
  children: number;
}

/** What a search index holds of an institute: the row it answers, and what it filters and matches on. */
export interface IndexedInstitute {
  id: string;
  name: string;
  otherNames: string[];
  countryId: string | null;
  countryName: string | null;
  parentId: string | null;
  /** Listed in the education search (the fixed QC_* entries are not); children are found by parent regardless. */
  searchable: boolean;
  price: number;
  surcharge: number;
  readOnly: boolean;
  children: number;
}

export interface InstituteTextQuery {
  /** What the user typed: word by word, typos and unfinished words included. */
  text: string;
  /** Only institutes in these countries. */
  countryIds?: string[];
  /** Only the children of this institute (searchable or not); otherwise only searchable institutes. */
  parentId?: string;
  page: number;
  size: number;
}

export interface InstituteTextResult {
  /** The page, best match first; among equals the shorter name, then name, country and id (stable paging). */
  hits: InstituteSummaryHit[];
  /** How many institutes match in all. */
  total: number;
}

/**
 * The typo-tolerant institute search (verifications.md 2.3). Every required word of the query (not 'of', 'the',
 * single letters) must match a word of one of the institute's names: exactly, as the start of a word, with two
 * neighbouring letters swapped, or within an edit or two. The in-process index implements it, and for deployments
 * that outgrow one process a Meilisearch server does (meilisearch-institute-index.ts, SEARCH_ENGINE=meilisearch);
 * search/institute-search.contract.ts is the behaviour each must show.
 */
export interface InstituteSearchIndex {
  readonly kind: string;
  /** Replaces everything the index holds. */
  replaceAll(institutes: readonly IndexedInstitute[]): Promise<void>;
  /** Adds or replaces these institutes. */
  upsert(institutes: readonly IndexedInstitute[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  search(query: InstituteTextQuery): Promise<InstituteTextResult>;
  /** How many institutes it holds. */
  size(): number;
}

export const INSTITUTE_SEARCH_INDEX = Symbol('INSTITUTE_SEARCH_INDEX');
