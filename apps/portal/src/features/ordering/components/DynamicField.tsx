import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Control, FieldPath, FieldPathValue } from 'react-hook-form';
import { searchRefData, type InstituteFieldBody } from '@/features/ordering/api/ordering';
import { DATE_HELP, maskDate, maskInteger } from '@/features/ordering/wizard/masks';
import type { WizardValues } from '@/features/ordering/wizard/model';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';
import { useFormField } from '@/shared/forms/useFormField';
import { queryKeys } from '@/shared/query/queryKeys';

interface Props {
  control: Control<WizardValues>;
  name: FieldPath<WizardValues>;
  field: InstituteFieldBody;
  instituteId: string;
  disabled: boolean;
}

/** One of the institute's fields (2.5): TEXT, INTEGER (4 digits), DATE (DD/MM/YYYY), PASSWORD, or reference data. */
export function DynamicField({ control, name, field, instituteId, disabled }: Props) {
  if (field.refData) return <RefDataField control={control} name={name} field={field} instituteId={instituteId} disabled={disabled} />;
  const common = {
    control,
    name,
    label: field.name,
    required: field.required,
    disabled,
    fullWidth: true,
  } as const;
  switch (field.type) {
    case 'DATE':
      return <FormTextField {...common} transform={maskDate} placeholder="DD/MM/YYYY" helperText={DATE_HELP} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />;
    case 'INTEGER':
      return <FormTextField {...common} transform={maskInteger} helperText={field.description ?? undefined} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />;
    case 'PASSWORD':
      return <FormTextField {...common} type="password" autoComplete="off" helperText={field.description ?? undefined} />;
    case 'TEXT':
      return <FormTextField {...common} helperText={field.description ?? undefined} />;
    default: {
      const never: never = field.type;
      return never;
    }
  }
}

/** Reference data (2.5): the inline options, or a remote search of the institute's list; ONLY keeps to the list. */
function RefDataField({ control, name, field: def, instituteId, disabled }: Props) {
  const { field, error, choose, change, leave } = useFormField({ control, name });
  const value = (field.value as string | undefined) ?? '';
  const [text, setText] = useState(value);
  const search = useDebouncedValue(text, 200);
  const remote = !def.values?.length;
  const found = useQuery({
    queryKey: queryKeys.institute.refData(instituteId, def.key, search),
    queryFn: ({ signal }) => searchRefData(instituteId, def.key, search, { signal }),
    enabled: remote && !disabled,
    placeholderData: (previous) => previous,
  });
  const options = remote ? (found.data?.content ?? []).map((o) => o.name) : (def.values ?? []);
  return (
    <Autocomplete<string, false, false, boolean>
      id={`${name}-input`}
      freeSolo={def.refData !== 'ONLY'}
      options={options}
      value={value || null}
      inputValue={text}
      disabled={disabled}
      filterOptions={remote ? (x) => x : undefined}
      onInputChange={(_e, next, reason) => {
        setText(next);
        if (def.refData !== 'ONLY' && reason === 'input') change(next as FieldPathValue<WizardValues, typeof name>);
      }}
      onChange={(_e, next) => choose((next ?? '') as FieldPathValue<WizardValues, typeof name>)}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          label={def.name}
          required={def.required}
          onBlur={leave}
          inputRef={field.ref}
          error={error !== undefined}
          helperText={error ?? def.description ?? undefined}
        />
      )}
    />
  );
}
