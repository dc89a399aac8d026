import { Box, TextField } from '@mui/material';
import { normaliseDate, validatePerson, type FieldValue } from '@credence/domain';
import type { InstituteDetail, VerificationDetail } from '@/features/verifications/api/verifications';
import { formatUkDate } from '@/shared/ui/format';

/** The amendable details as typed: dates dd/MM/yyyy (verifications.md 9), everything as text. */
export type AmendValues = Record<string, string>;

const PERSON = ['firstname', 'middlename', 'surname', 'dob'] as const;

/** Institute fields the form leaves alone: the thirdParty data is the check's, not the customer's. */
const NOT_AMENDABLE = new Set(['thirdPartyData']);

export function initialAmendValues(
  v: VerificationDetail,
  institute: InstituteDetail | undefined,
): AmendValues {
  const values: AmendValues = {
    firstname: v.fields.firstname ?? '',
    middlename: v.fields.middlename ?? '',
    surname: v.fields.surname ?? '',
    dob: v.fields.dob ? formatUkDate(v.fields.dob) || v.fields.dob : '',
  };
  for (const key of instituteKeys(v, institute)) {
    const raw = v.fields[key];
    const def = institute?.fields.find((f) => f.key === key);
    values[key] =
      raw === null || raw === undefined
        ? ''
        : def?.type === 'DATE'
          ? formatUkDate(String(raw)) || String(raw)
          : String(raw);
  }
  return values;
}

function instituteKeys(v: VerificationDetail, institute: InstituteDetail | undefined): string[] {
  const defined = institute?.fields.map((f) => f.key) ?? [];
  const held = Object.keys(v.fields).filter(
    (k) => !(PERSON as readonly string[]).includes(k) && !NOT_AMENDABLE.has(k),
  );
  return [...defined, ...held.filter((k) => !defined.includes(k))];
}

/** Errors by field, in the spec's words (verifications.md 5), from libs/domain's rules. */
export function amendErrors(
  values: AmendValues,
  institute: InstituteDetail | undefined,
  today: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const problems = validatePerson(
    {
      firstname: values.firstname,
      middlename: values.middlename || null,
      surname: values.surname,
      dob: values.dob,
    },
    today,
  );
  for (const p of problems) errors[p.field === 'lastname' ? 'surname' : p.field] ??= p.message;
  for (const def of institute?.fields ?? []) {
    const text = (values[def.key] ?? '').trim();
    if (!text) {
      if (def.required) errors[def.key] = `The ${def.name} field is required.`;
    } else if (def.type === 'DATE' && !normaliseDate(text)) {
      errors[def.key] = `The ${def.name} must be a valid date in the format DD/MM/YYYY`;
    } else if (def.type === 'INTEGER' && !/^-?\d+$/.test(text)) {
      errors[def.key] = `The ${def.name} must be a whole number.`;
    }
  }
  return errors;
}

/** The submission's fields: dob and DATE fields as YYYY-MM-DD, INTEGER fields as numbers (verifications.md 3). */
export function amendPayload(
  values: AmendValues,
  institute: InstituteDetail | undefined,
): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const [key, raw] of Object.entries(values)) {
    const text = raw.trim();
    const def = institute?.fields.find((f) => f.key === key);
    // An optional field left blank is not sent: the request keeps what it had.
    if (!text && !(PERSON as readonly string[]).includes(key)) continue;
    if (key === 'dob' || def?.type === 'DATE') fields[key] = normaliseDate(text) ?? text;
    else if (def?.type === 'INTEGER' && /^-?\d+$/.test(text)) fields[key] = Number(text);
    else fields[key] = key === 'middlename' && !text ? null : text;
  }
  return fields;
}

interface Props {
  v: VerificationDetail;
  institute: InstituteDetail | undefined;
  values: AmendValues;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
  /** access 6.5: without UPD_FLD the details are read-only. */
  readOnly: boolean;
}

/** The details of a returned request, to amend before it is re-submitted (2.9, 5). */
export function AmendForm({ v, institute, values, errors, onChange, readOnly }: Props) {
  const field = (
    key: string,
    label: string,
    extra: { required?: boolean; helper?: string; type?: string } = {},
  ) => (
    <TextField
      key={key}
      id={`amend-${key}`}
      label={label}
      value={values[key] ?? ''}
      onChange={(e) => onChange(key, e.target.value)}
      required={extra.required}
      error={!!errors[key]}
      helperText={errors[key] ?? extra.helper}
      type={extra.type}
      slotProps={{ input: { readOnly }, inputLabel: { shrink: true } }}
      fullWidth
    />
  );
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        minWidth: 0,
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <Box component="legend" sx={{ gridColumn: '1 / -1', p: 0, mb: 1, fontWeight: 600 }}>
        Verification Details
      </Box>
      {field('firstname', 'First Name', { required: true })}
      {field('middlename', 'Middle Name')}
      {field('surname', 'Last Name', { required: true })}
      {field('dob', 'Date of Birth', { required: true, helper: 'DD/MM/YYYY' })}
      {instituteKeys(v, institute).map((key) => {
        const def = institute?.fields.find((f) => f.key === key);
        return field(key, def?.name ?? key, {
          required: def?.required,
          helper: def?.type === 'DATE' ? 'DD/MM/YYYY' : (def?.description ?? undefined),
          type: def?.type === 'PASSWORD' ? 'password' : undefined,
        });
      })}
    </Box>
  );
}
