import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { rulesResolver, type RuleErrors } from '@/shared/forms/rulesResolver';

interface RulesFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>;
  /** Every rule of the form as one pure function of its values (rules from libs/domain, the spec's messages). */
  validate: (values: V) => RuleErrors<V>;
}

/**
 * react-hook-form set up the portal's way: the rules checked on every change (so an error can show the moment the
 * user leaves the field, and go the moment it is fixed), the blocks deciding which errors are shown, and the
 * focus taken to the first invalid field when a submit finds errors.
 */
export function useRulesForm<V extends FieldValues>({ defaultValues, validate }: RulesFormOptions<V>) {
  return useForm<V>({
    defaultValues,
    resolver: rulesResolver(validate),
    mode: 'onChange',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
}
