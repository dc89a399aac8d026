import { describe, expect, it } from 'vitest';
import { errorPaths } from '@/shared/forms/formErrors';

describe('errorPaths', () => {
  it('lists every field error, nested ones by their path, and leaves the root out', () => {
    expect(
      errorPaths({
        name: { type: 'validate', message: 'Name is required' },
        fields: [undefined, { value: { type: 'validate', message: 'Value is required' } }],
        root: { server: { type: 'server', message: 'Try again' } },
      } as never),
    ).toEqual(['name', 'fields.1.value']);
  });
});
