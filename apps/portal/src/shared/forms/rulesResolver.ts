import { set, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';

/** A message per field path; a field without a message (or with undefined) is valid. */
export type RuleErrors<V extends FieldValues> = Partial<Record<Path<V>, string | undefined>>;

/**
 * A form's rules as one pure function of all its values (the rules from libs/domain, the messages from the spec)
 * turned into react-hook-form's resolver. One function sees every value, so rules across fields (a confirmation
 * matching its password, a field required by another's choice) need nothing special, and the same function is
 * unit-testable without rendering. Paths may be nested ('fields.2.value') for forms with dynamic fields.
 */
export function rulesResolver<V extends FieldValues>(validate: (values: V) => RuleErrors<V>): Resolver<V> {
  return (values) => {
    const errors: FieldErrors<V> = {};
    let invalid = false;
    for (const [path, message] of Object.entries(validate(values)) as [string, string | undefined][]) {
      if (!message) continue;
      set(errors, path, { type: 'validate', message });
      invalid = true;
    }
    return invalid ? { values: {}, errors } : { values, errors: {} };
  };
}
