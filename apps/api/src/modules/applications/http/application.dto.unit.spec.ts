import 'reflect-metadata';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SelectVerificationsDto, STAFF_ARCHIVE_ONLY, StaffArchiveDto } from './application.dto';

/** The body as the API's ValidationPipe hands it over (whitelist: true, transform: true), or its messages. */
function validated<T extends object>(type: ClassConstructor<T>, body: object): T | string[] {
  const dto = plainToInstance(type, body);
  const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: false });
  return errors.length ? errors.flatMap((e) => Object.values(e.constraints ?? {})) : dto;
}

describe('StaffArchiveDto: the staff archive takes {status: ARCHIVED} and nothing else', () => {
  it('accepts the status alone, or with the record id react-admin may add', () => {
    expect(validated(StaffArchiveDto, { status: 'ARCHIVED' })).toMatchObject({
      status: 'ARCHIVED',
      otherFields: [],
    });
    expect(validated(StaffArchiveDto, { id: 'A1', status: 'ARCHIVED' })).toMatchObject({
      status: 'ARCHIVED',
    });
  });

  it('refuses another status, no status, and any other field (which the whitelist alone would drop unseen), with one message', () => {
    for (const body of [
      { status: 'COMPLETED' },
      {},
      { status: 'ARCHIVED', customerReference: 'X' },
      { status: 'OPEN', name: 'x' },
      { status: 'ARCHIVED', otherFields: [] },
    ]) {
      expect(validated(StaffArchiveDto, body)).toEqual([STAFF_ARCHIVE_ONLY]);
    }
  });
});

describe('SelectVerificationsDto: the verification ids as a list of text or numbers, at most 100', () => {
  const MESSAGE = 'Send the verification ids as a list (at most 100).';
  it('accepts ids as text or numbers, and an empty list (the application includes none)', () => {
    expect(validated(SelectVerificationsDto, { verificationIds: ['QC1', 2] })).toMatchObject({
      verificationIds: ['QC1', 2],
    });
    expect(validated(SelectVerificationsDto, { verificationIds: [] })).toMatchObject({ verificationIds: [] });
  });

  it('refuses no list, a list of other things and more than 100 ids', () => {
    for (const verificationIds of [
      undefined,
      null,
      'QC1',
      [{ id: 'QC1' }],
      [null],
      Array.from({ length: 101 }, (_, i) => `QC${i}`),
    ]) {
      expect(validated(SelectVerificationsDto, { verificationIds })).toEqual([MESSAGE]);
    }
  });
});
