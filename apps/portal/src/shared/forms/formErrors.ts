import { get, useFormState, type Control, type FieldErrors, type FieldValues } from 'react-hook-form';

/**
 * The paths of every field error in a react-hook-form errors object (nested for arrays and groups), leaving out
 * the root: a server's answer about the whole form is not a field to correct.
 */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!prefix && key === 'root') continue;
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof (value as { message?: unknown }).message === 'string') paths.push(path);
    else paths.push(...errorPaths(value as FieldErrors, path));
  }
  return paths;
}

/**
 * Which errors the user sees, as in useForm.ts: a field's once it was changed and left (the blocks mark a field
 * touched only then; a choice counts as left when made), every one after a submit attempt.
 */
export function isShown(touched: boolean, submitCount: number): boolean {
  return submitCount > 0 || touched;
}

/**
 * Spec 5.7: true while the form shows an error, so its action buttons are disabled with 'Please resolve the
 * errors above.'. Counted on the errors shown, so a fresh form does not open already blocked.
 */
export function useFormBlocked<V extends FieldValues>(control: Control<V>): boolean {
  const { errors, touchedFields, submitCount } = useFormState({ control });
  return errorPaths(errors).some((path) => isShown(!!get(touchedFields, path), submitCount));
}
