import { useCallback, useMemo, useState, type ChangeEvent } from 'react';

export type FormErrors<V> = Partial<Record<keyof V, string>>;

/**
 * A small form state: values, the errors of the current values, and which errors the user should see (a field's
 * once it has been changed and left, all of them after a submit attempt: walking past an empty field is not yet
 * a mistake). `blocked` is the spec's "disabled while invalid"
 * (5.7), counted on the errors shown, so a fresh form does not open already scolding the user.
 */
export function useForm<V extends Record<string, unknown>>(
  initial: V,
  validate: (values: V) => FormErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof V, boolean>>>({});
  const [attempted, setAttempted] = useState(false);

  const errors = useMemo(() => {
    const all = validate(values);
    return Object.fromEntries(Object.entries(all).filter(([, m]) => !!m)) as FormErrors<V>;
  }, [values, validate]);

  const shown = useCallback(
    (field: keyof V): string | undefined => (attempted || touched[field] ? errors[field] : undefined),
    [attempted, touched, errors],
  );

  const set = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
  }, []);

  /** Shows the field's error from now on; a field left without a change waits for the submit attempt. */
  const touch = useCallback(
    (field: keyof V) => {
      if (!dirty[field]) return;
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
    },
    [dirty],
  );

  /** For choices (radios, selects): the value is set and its error, if any, shown at once. */
  const choose = useCallback(<K extends keyof V>(field: K, value: V[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setDirty((d) => (d[field] ? d : { ...d, [field]: true }));
    setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
  }, []);

  const fields = Object.keys(errors) as (keyof V)[];
  const blocked = fields.some((f) => attempted || touched[f]);
  const valid = fields.length === 0;

  /** Marks the form attempted; true when it may be sent. */
  const attempt = useCallback(() => {
    setAttempted(true);
    return valid;
  }, [valid]);

  /** The props a text field needs: value, change, leave, and the error it shows. */
  const text = (field: keyof V & string, transform?: (raw: string) => string) => ({
    name: field,
    value: (values[field] as string | null | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      set(field, (transform ? transform(e.target.value) : e.target.value) as V[typeof field]),
    onBlur: () => touch(field),
    error: !!shown(field),
    helperText: shown(field),
  });

  const reset = useCallback((next: V) => {
    setValues(next);
    setTouched({});
    setDirty({});
    setAttempted(false);
  }, []);

  return {
    values,
    set,
    choose,
    touch,
    errors,
    shown,
    blocked,
    valid,
    attempt,
    attempted,
    text,
    reset,
    setValues,
  };
}
