import type { Pool } from 'pg';
import { isRequiredWord, searchWords } from './search-words';

/** A word of the vocabulary that stands for one word of the query, how well, and in how many institutes. */
export interface WordMatch {
  /** Position of the query word (1-based). */
  pos: number;
  word: string;
  score: number;
  /** In how many institutes, counted up to COUNT_CAP. */
  institutes: number;
}

export interface QueryWords {
  words: string[];
  /** Positions an institute must match (see OPTIONAL_WORDS). */
  required: number[];
  matches: WordMatch[];
}

const MAX_QUERY_WORDS = 8;
const MAX_MATCHES_PER_WORD = 50;
/** Institutes per matched word are counted up to this: enough to pick the rarest word, cheap for common ones. */
export const COUNT_CAP = 2000;

/** The word with each pair of neighbouring letters swapped: 'dmeo' -> mdeo, demo, dmoe (edit distance counts 2). */
export function swaps(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}

/**
 * Matches each query word against the vocabulary: exactly (1), as a prefix while typing (0.9, three letters or
 * more), with two neighbouring letters swapped (0.85), or loosely (up to 0.8): by trigram similarity for words of
 * five letters or more, within one edit for shorter ones (trigrams say little about short words). The vocabulary
 * holds a few thousand words even for a large catalogue, so this is cheap; the expensive part, finding
 * institutes, then starts from the rarest required word.
 */
export async function matchQueryWords(pool: Pick<Pool, 'query'>, text: string): Promise<QueryWords> {
  const words = searchWords(text, MAX_QUERY_WORDS);
  const required = words.map((w, i) => (isRequiredWord(w) ? i + 1 : 0)).filter((p) => p > 0);
  if (!words.length) return { words, required, matches: [] };
  const query = words.map((w, i) => ({ pos: i + 1, w }));
  const swapped = words.flatMap((w, i) => (w.length >= 3 ? swaps(w).map((s) => ({ pos: i + 1, w: s })) : []));
  const { rows } = await pool.query<WordMatch>(
    `WITH q AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS q(pos integer, w text)),
     s AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS s(pos integer, w text)),
     m AS (
       SELECT q.pos, v.word,
              CASE WHEN v.word = q.w THEN 1.0
                   WHEN v.word LIKE q.w || '%' THEN 0.9
                   ELSE 0.8 * greatest(similarity(v.word, q.w),
                                       1 - levenshtein(v.word, q.w)::float8 / greatest(length(v.word), length(q.w)))
              END AS score
       FROM q CROSS JOIN LATERAL (
         SELECT word FROM catalogue_search_word WHERE word = q.w
         UNION SELECT word FROM catalogue_search_word WHERE length(q.w) >= 3 AND word LIKE q.w || '%'
         UNION SELECT word FROM catalogue_search_word WHERE length(q.w) >= 5 AND word % q.w
         UNION SELECT word FROM catalogue_search_word
               WHERE length(q.w) BETWEEN 3 AND 4 AND length(word) BETWEEN length(q.w) - 1 AND length(q.w) + 1
                 AND (left(word, 1) = left(q.w, 1) OR right(word, 1) = right(q.w, 1))
                 AND levenshtein_less_equal(word, q.w, 1) <= 1
       ) v
       UNION ALL
       SELECT s.pos, v.word, 0.85 FROM s CROSS JOIN LATERAL (SELECT word FROM catalogue_search_word WHERE word = s.w) v
     ),
     best AS (
       SELECT pos, word, max(score) AS score, row_number() OVER (PARTITION BY pos ORDER BY max(score) DESC, word) AS rank
       FROM m GROUP BY pos, word
     )
     SELECT b.pos, b.word, b.score::float8 AS score,
            (SELECT count(*) FROM (SELECT 1 FROM catalogue_institute_word p WHERE p.word = b.word LIMIT ${COUNT_CAP}) x)::int AS institutes
     FROM best b WHERE b.rank <= ${MAX_MATCHES_PER_WORD}`,
    [JSON.stringify(query), JSON.stringify(swapped)],
  );
  return { words, required, matches: rows };
}

/**
 * The query word whose matches are in the fewest institutes: the search starts from its institutes. Null when
 * a required word matches nothing (then nothing can match).
 */
export function drivingPosition(q: QueryWords): { pos: number; institutes: number } | null {
  const positions = q.required.length ? q.required : q.words.map((_, i) => i + 1);
  let best: { pos: number; n: number } | null = null;
  for (const pos of positions) {
    const n = q.matches.filter((m) => m.pos === pos).reduce((sum, m) => sum + m.institutes, 0);
    if (n === 0) {
      if (q.required.includes(pos)) return null;
      continue;
    }
    if (!best || n < best.n) best = { pos, n };
  }
  return best ? { pos: best.pos, institutes: best.n } : null;
}
