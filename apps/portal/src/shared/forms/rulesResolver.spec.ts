import { describe, expect, it } from 'vitest';
import { rulesResolver } from '@/shared/forms/rulesResolver';

interface Values {
  name: string;
  fields: { value: string }[];
}

const validate = (v: Values) => ({
  name: v.name ? undefined : 'Name is required',
  'fields.1.value': v.fields[1]?.value ? undefined : 'Value is required',
});

const run = (values: Values) =>
  rulesResolver<Values>(validate)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('rulesResolver', () => {
  it('turns each message into an error at its path, nested paths included', async () => {
    const result = await run({ name: '', fields: [{ value: 'a' }, { value: '' }] });
    expect(result.values).toEqual({});
    expect(result.errors).toEqual({
      name: { type: 'validate', message: 'Name is required' },
      fields: [undefined, { value: { type: 'validate', message: 'Value is required' } }],
    });
  });

  it('passes the values through when no rule has a message', async () => {
    const values = { name: 'Ann', fields: [{ value: 'a' }, { value: 'b' }] };
    expect(await run(values)).toEqual({ values, errors: {} });
  });
});
