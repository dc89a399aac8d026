import { field } from '../catalogue.model';
import { CsvSyntaxError, parseCsv } from './csv';
import { nameKey } from './name-key';
import { isoDate, readRecordRows, RecordFileError } from './record-rows';

describe('CSV', () => {
  it('reads quoted values with commas, quotes and line breaks, CRLF, a BOM, and skips blank lines', () => {
    const rows = parseCsv('\ufeffa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n1,,3\n');
    expect(rows).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 5, cells: ['1', '', '3'] },
    ]);
  });

  it('keeps an empty quoted value and a last line without a line end', () => {
    expect(parseCsv('a,b\n"",x')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['', 'x'] },
    ]);
  });

  it('refuses an unclosed quote and text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\n"open')).toThrow(new CsvSyntaxError(2, 'a quoted value is not closed.'));
    expect(() => parseCsv('a,b\n"x"y,z')).toThrow('Line 2: a closing quote must end the value.');
  });
});

describe('names and dates', () => {
  it('compares names without case, accents, apostrophes or hyphen differences', () => {
    expect(nameKey("  O'Brien ")).toBe('obrien');
    expect(nameKey('José-Luis')).toBe(nameKey('jose luis'));
    expect(nameKey('ZOË')).toBe('zoe');
  });

  it('reads YYYY-MM-DD and DD/MM/YYYY and refuses dates that do not exist', () => {
    expect(isoDate('1995-04-12')).toBe('1995-04-12');
    expect(isoDate('12/04/1995')).toBe('1995-04-12');
    expect(isoDate('29/02/1992')).toBe('1992-02-29');
    expect(isoDate('29/02/1993')).toBeNull();
    expect(isoDate('1995-13-01')).toBeNull();
    expect(isoDate('12-04-1995')).toBeNull();
  });
});

describe('record rows', () => {
  const fields = [
    field({ key: 'gradYear', name: 'Year', type: 'INTEGER' }),
    field({ key: 'qualification', name: 'Qualification', refData: 'ONLY' }),
    field({ key: 'awardDate', name: 'Date of Award', type: 'DATE' }),
  ];
  const options = new Map([['qualification', new Set(['bsc (hons)', 'mba'])]]);
  const read = (csv: string) => readRecordRows(parseCsv(csv), fields, options, '2026-11-21');

  it('reads people and qualification fields, accepting column aliases', () => {
    const { records, errors } = read(
      'First Name,surname,Date of Birth,gradYear,qualification,awardDate\nJane,Doe,12/04/1995,2017,BSc (Hons),01/07/2017\n',
    );
    expect(errors).toEqual([]);
    expect(records).toEqual([
      {
        firstName: 'Jane',
        middleName: null,
        lastName: 'Doe',
        dob: '1995-04-12',
        fields: { gradYear: 2017, qualification: 'BSc (Hons)', awardDate: '2017-07-01' },
      },
    ]);
  });

  it('reports every bad line with its reasons', () => {
    const { errors } = read(
      [
        'firstName,lastName,dob,gradYear,qualification',
        'Jane,Doe,1995-04-12,2017,MBA',
        ',Doe,1995-02-30,17,PhD',
        'Jim,Beam,2030-01-01,,',
        'Too,Few',
        'Jane,Doe,12/04/1995,2017,mba',
      ].join('\n'),
    );
    expect(errors).toEqual([
      {
        line: 3,
        message:
          "firstName is required; dob '1995-02-30' is not a valid date (use YYYY-MM-DD or DD/MM/YYYY); gradYear '17' must be a year from 1900; qualification 'PhD' is not one of the institute's options.",
      },
      { line: 4, message: "dob '2030-01-01' is not a plausible date of birth." },
      { line: 5, message: 'has 2 values but the header names 5 columns.' },
      { line: 6, message: 'repeats line 2.' },
    ]);
  });

  it('refuses a file without the person columns, with unknown or doubled columns, or without rows', () => {
    expect(() => read('firstName,lastName\nA,B')).toThrow(new RecordFileError('The file has no dob column.'));
    expect(() => read('firstName,lastName,dob,shoeSize\nA,B,1990-01-01,9')).toThrow(
      "Unknown column 'shoeSize'. The columns may be: firstName, middleName, lastName, dob, gradYear, qualification, awardDate.",
    );
    expect(() => read('firstName,first_name,lastName,dob\n')).toThrow(
      "The column 'firstName' is given twice.",
    );
    expect(() => read('firstName,lastName,dob\n')).toThrow('The file has a header but no records.');
    expect(() => read('')).toThrow('The file is empty');
  });
});
