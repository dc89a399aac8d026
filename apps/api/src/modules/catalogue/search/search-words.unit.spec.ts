import { isRequiredWord, searchWords, swaps } from './search-words';

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
    // Plain ASCII takes a shortcut: the same words as the accent-dropping path.
    const words = ['king', 's', 'college', 'london', 'kcl', '2', 'b'];
    expect(searchWords("King's College_London (KCL) 2-B")).toEqual(words);
    expect(searchWords("King's College_London (KCL) 2-B \u00e9")).toEqual([...words, 'e']);
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
