/**
 * The words of a name as the fuzzy search indexes and matches them: lower case, accents dropped, split on
 * anything that is not a letter or digit ("Université d'Alberta" -> universite, d, alberta). Indexing and
 * querying both go through here, so they always agree.
 */
export function searchWords(text: string, max = Infinity): string[] {
  // Plain ASCII (most names) has no accents to drop: the same words, several times faster (index builds at boot).
  const words = (
    ASCII.test(text)
      ? text.toLowerCase().split(/[^a-z0-9]+/)
      : text
          .normalize('NFD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
  ).filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, max);
}

/** Printable ASCII only (anything else, tabs included, takes the full path). */
const ASCII = /^[ -~]*$/;

/**
 * Words a search need not match: a query 'the university of demo' still finds 'University of Demo'. They count
 * towards the score when an institute has them.
 */
export const OPTIONAL_WORDS: ReadonlySet<string> = new Set([
  'of',
  'the',
  'and',
  'for',
  'in',
  'at',
  'de',
  'del',
  'la',
  'le',
  'les',
  'des',
  'du',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'degli',
  'y',
  'e',
  'et',
  'und',
  'fur',
  'st',
  'saint',
]);

export const isRequiredWord = (word: string) => word.length > 1 && !OPTIONAL_WORDS.has(word);

/** The word with each pair of neighbouring letters swapped: 'dmeo' -> mdeo, demo, dmoe (edit distance counts 2). */
export function swaps(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return out;
}
