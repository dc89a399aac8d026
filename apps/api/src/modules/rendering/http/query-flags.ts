import { DomainError } from '@credence/domain';

/** A yes/no query parameter: true/false/1/0/yes/no or absent; anything else is a 400 with the spec's body. */
export function queryFlag(value: unknown, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (typeof value === 'string') {
    const v = value.toLowerCase();
    if (['true', '1', 'yes'].includes(v)) return true;
    if (['false', '0', 'no'].includes(v)) return false;
  }
  throw new DomainError('invalid', `${name} must be true or false.`, 'QC-BAD-PARAMETER');
}
