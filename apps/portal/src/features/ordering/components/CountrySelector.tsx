import { Autocomplete, Stack, TextField, Typography } from '@mui/material';
import { COUNTRY_LIST_NAME, type TypeCode } from '@credence/domain';
import { useState } from 'react';
import type { InstituteSummary } from '@/features/ordering/api/ordering';
import { useChildInstitutes, useCountryEntries } from '@/features/ordering/hooks/useInstitutes';
import { SUPPORT_EMAIL } from '@/features/ordering/wizard/pricing';

const UNKNOWN = 'Unknown or N/A';

interface Props {
  idPrefix: string;
  code: Extract<TypeCode, 'emp' | 'hsc'>;
  onSelect: (instituteId: string) => void;
}

const countryName = (e: InstituteSummary) => e.region?.name ?? e.name;

/**
 * Country / institute selector (verifications 2.4) for employment and high school: the country, and the
 * examination board or authority when the country has some ('Unknown or N/A' keeps the country's own entry).
 */
export function CountrySelector({ idPrefix, code, onSelect }: Props) {
  const entries = useCountryEntries(COUNTRY_LIST_NAME[code] ?? '');
  const [country, setCountry] = useState<InstituteSummary | null>(null);
  const boards = useChildInstitutes(country && country.children > 0 ? country.id : null);
  const options = [...(entries.data?.content ?? [])].sort((a, b) => countryName(a).localeCompare(countryName(b)));
  const boardOptions = [{ id: country?.id ?? '', name: UNKNOWN }, ...(boards.data?.content ?? []).map((b) => ({ id: b.id, name: b.names[0]?.name ?? b.name }))];

  return (
    <Stack spacing={2}>
      <Typography component="h3" variant="h6">
        Country
      </Typography>
      <Typography>Select the country where the employer/school is located:</Typography>
      <Autocomplete
        id={`${idPrefix}-country`}
        options={options}
        value={country}
        loading={entries.isPending}
        onChange={(_e, next) => {
          setCountry(next);
          if (next && next.children === 0) onSelect(next.id);
        }}
        getOptionLabel={countryName}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Country"
            required
            helperText={`If the country is not listed, please contact ${SUPPORT_EMAIL} to request coverage.`}
          />
        )}
      />
      {country && country.children > 0 && (
        <Autocomplete
          id={`${idPrefix}-board`}
          options={boardOptions}
          loading={boards.isPending}
          onChange={(_e, next) => next && onSelect(next.id)}
          getOptionLabel={(o) => o.name}
          isOptionEqualToValue={(a, b) => a.id === b.id && a.name === b.name}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Examination Board / Authority"
              required
              helperText={code === 'hsc' ? 'This country verifies high school qualifications via an examination board or authority.' : undefined}
            />
          )}
        />
      )}
    </Stack>
  );
}
