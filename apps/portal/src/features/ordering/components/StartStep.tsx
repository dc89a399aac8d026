import { Alert, Box, Button, Card, CardContent, Grid, Stack, TextField, Typography } from '@mui/material';
import {
  countBounds,
  type CountBounds,
  normaliseDate,
  startCardHelp,
  typeByCode,
  validateCheckCounts,
  VERIFICATION_MESSAGES,
  type TypeCode,
} from '@credence/domain';
import { useCallback } from 'react';
import { Controller, useFormState } from 'react-hook-form';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import type { RuleErrors } from '@/shared/forms/rulesResolver';
import type { Person } from '@/features/ordering/wizard/model';

export interface StartValues extends Person {
  counts: Partial<Record<TypeCode, string>>;
}

/** The start screen's rules (verifications 5): at least one check, each count within its bounds, a valid dob if given. */
export function startErrors(values: StartValues, allowed: readonly TypeCode[], bounds: (code: TypeCode) => CountBounds = (c) => countBounds(c)): RuleErrors<StartValues> {
  const counts = Object.fromEntries(allowed.map((c) => [c, Number.parseInt(values.counts[c] ?? '0', 10) || 0]));
  const errors: Record<string, string> = {};
  for (const p of validateCheckCounts(counts, Object.fromEntries(allowed.map((c) => [c, bounds(c)])))) errors[p.field] ??= p.message;
  if (values.dob.trim() && !normaliseDate(values.dob)) errors.dob = VERIFICATION_MESSAGES.dobInvalid;
  return errors as RuleErrors<StartValues>;
}

interface Props {
  allowed: readonly TypeCode[];
  /** Each type's count bounds: an application's allowed types, else 0-10 with identity 1 (verifications 5). */
  bounds?: (code: TypeCode) => CountBounds;
  initialCounts: Partial<Record<TypeCode, number>>;
  person: Person;
  showReference: boolean;
  refLabel: string;
  hasDiscount: boolean;
  identityDown: string | null;
  busy: boolean;
  onCancel: () => void;
  onNext: (counts: Partial<Record<TypeCode, number>>, person: Person) => void;
}

/** Start (2.2): a card per allowed type with its count, the individual's details, Cancel and Next. */
const defaultBounds = (code: TypeCode) => countBounds(code);

export function StartStep({ allowed, bounds: boundsOf = defaultBounds, initialCounts, person, showReference, refLabel, hasDiscount, identityDown, busy, onCancel, onNext }: Props) {
  const { control, handleSubmit } = useRulesForm<StartValues>({
    defaultValues: {
      ...person,
      counts: Object.fromEntries(allowed.map((c) => [c, String(Math.max(boundsOf(c).min, initialCounts[c] ?? 0))])),
    },
    validate: useCallback((v: StartValues) => startErrors(v, allowed, boundsOf), [allowed, boundsOf]),
  });
  const { errors, submitCount } = useFormState({ control });
  const countsError = (errors.counts as { message?: string } | undefined)?.message;

  const next = (v: StartValues) => {
    const counts = Object.fromEntries(allowed.map((c) => [c, Number.parseInt(v.counts[c] ?? '0', 10) || 0]));
    onNext(counts, { firstname: v.firstname, middlename: v.middlename, lastname: v.lastname, dob: v.dob, customerReference: v.customerReference });
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void handleSubmit(next)(e)}>
      <Stack spacing={3}>
        {hasDiscount && (
          <Alert severity="success" variant="outlined">
            SPECIAL OFFER: Complete your verifications in October and save 10% off the fee. Offer ends 5th of November.
          </Alert>
        )}
        <Grid container spacing={2} component="ul" aria-label="Check types" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {allowed.map((code) => {
            const bounds = boundsOf(code);
            const blocked = code === 'idc' && identityDown;
            return (
              <Grid key={code} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardContent>
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
                      {typeByCode(code).name}
                    </Typography>
                    {blocked ? (
                      <Alert severity="warning">{identityDown}</Alert>
                    ) : (
                      <Controller
                        control={control}
                        name={`counts.${code}`}
                        render={({ field, fieldState }) => (
                          <TextField
                            {...field}
                            value={field.value ?? '0'}
                            type="number"
                            label={`Number of ${typeByCode(code).name} checks`}
                            size="small"
                            fullWidth
                            slotProps={{ htmlInput: { min: bounds.min, max: bounds.max, step: 1 } }}
                            error={!!fieldState.error && submitCount > 0}
                            helperText={(submitCount > 0 && fieldState.error?.message) || startCardHelp(code, bounds)}
                          />
                        )}
                      />
                    )}
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
        </Grid>
        {countsError && submitCount > 0 && (
          <Alert severity="error" role="alert">
            {countsError}
          </Alert>
        )}
        <Card variant="outlined">
          <CardContent>
            <Typography component="h3" variant="h6" sx={{ mb: 2 }}>
              Individual&apos;s Details
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField control={control} name="firstname" label="First name" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField control={control} name="middlename" label="Middle name" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField control={control} name="lastname" label="Last name" fullWidth />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormTextField control={control} name="dob" label="Date of birth" placeholder="DD/MM/YYYY" fullWidth />
              </Grid>
              {showReference && (
                <Grid size={{ xs: 12, sm: 8 }}>
                  <FormTextField control={control} name="customerReference" label={refLabel} fullWidth />
                </Grid>
              )}
            </Grid>
          </CardContent>
        </Card>
        <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end' }}>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={busy}>
            Next
          </Button>
        </Box>
        {busy && <Typography role="status">Adding new verifications.</Typography>}
      </Stack>
    </Box>
  );
}
