import { isRequiredWord, searchWords } from './search-words';
import { drivingPosition, swaps, type QueryWords } from './word-matches';

describe('search words', () => {
  it('lower-cases, drops accents and splits on anything but letters and digits', () => {
    expect(searchWords("Université d'Alberta – Campus 2")).toEqual([
      'universite',
      'd',
      'alberta',
      'campus',
      '2',
    ]);
    expect(searchWords('  Hochschule für Musik  München ')).toEqual([
      'hochschule',
      'fur',
      'musik',
      'munchen',
    ]);
    expect(searchWords('of of Of')).toEqual(['of']);
    expect(searchWords('a b c d e f g h i j', 8)).toHaveLength(8);
  });

  it('does not require small joining words or single letters', () => {
    expect(['of', 'de', 'the', 'd', 'st'].some(isRequiredWord)).toBe(false);
    expect(['demo', 'mit', 'ho'].every(isRequiredWord)).toBe(true);
  });

  it('swaps each pair of neighbouring letters', () => {
    expect(swaps('dmeo')).toEqual(['mdeo', 'demo', 'dmoe']);
    expect(swaps('aab')).toEqual(['aba']);
  });
});

describe('the driving word', () => {
  const q = (over: Partial<QueryWords>): QueryWords => ({
    words: ['university', 'of', 'demo'],
    required: [1, 3],
    matches: [],
    ...over,
  });

  it('is the required word with the fewest institutes', () => {
    const matches = [
      { pos: 1, word: 'university', score: 0.7, institutes: 2000 },
      { pos: 1, word: 'universite', score: 0.6, institutes: 300 },
      { pos: 2, word: 'of', score: 1, institutes: 2000 },
      { pos: 3, word: 'demo', score: 0.85, institutes: 2 },
    ];
    expect(drivingPosition(q({ matches }))).toEqual({ pos: 3, institutes: 2 });
  });

  it('is none when a required word matches nothing', () => {
    expect(
      drivingPosition(q({ matches: [{ pos: 1, word: 'university', score: 1, institutes: 10 }] })),
    ).toBeNull();
  });

  it('falls back to the optional words when the query has only those', () => {
    const matches = [{ pos: 1, word: 'of', score: 1, institutes: 50 }];
    expect(drivingPosition({ words: ['of'], required: [], matches })).toEqual({ pos: 1, institutes: 50 });
  });
});
