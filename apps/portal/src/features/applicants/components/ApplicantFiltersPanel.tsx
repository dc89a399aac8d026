import { Box, Button, Checkbox, FormControlLabel, FormGroup, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { applicationStatusLabel } from '@credence/domain';
import type { ApplicationFilterDef } from '@/features/applicants/api/applicants';
import { defaultStatuses, statusesOffered, type ApplicantAudience, type ApplicantFilters } from '@/features/applicants/components/applicantFilters';
import { DebouncedTextField } from '@/features/verifications/components/DebouncedTextField';
import { daysBefore, localToday } from '@/shared/ui/format';
import { DateInput } from '@/shared/ui/dates';

const statusName = (s: string) => {
  const { label, detail } = applicationStatusLabel(s);
  return detail ?? label;
};

/**
 * The applicant history's filters (verifications 2.13): Applicant for organisations or Organisation for
 * individuals, Status (multi, the statuses each is offered), Date; for organisations only the server's custom
 * filters (text, or a select when restricted to listed values) and Reference; Clear All.
 */
export function ApplicantFiltersPanel({
  audience,
  filters,
  customFilters,
  refLabel,
  onChange,
}: {
  audience: ApplicantAudience;
  filters: ApplicantFilters;
  customFilters: readonly ApplicationFilterDef[];
  refLabel: string;
  /**
   * The filters that change, or how to change them from the newest ones (a status ticked, a custom field typed):
   * applied over the newest filters asked for, so two quick changes both hold.
   */
  onChange: (change: Partial<ApplicantFilters> | ((current: ApplicantFilters) => Partial<ApplicantFilters>)) => void;
}) {
  const set = onChange;
  const toggle = (status: string, on: boolean) =>
    set((current) => ({
      statuses: on ? [...current.statuses, status] : current.statuses.filter((s) => s !== status),
    }));
  const organisation = audience === 'organisation';
  return (
    <Box id="applicant-filters" sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <DebouncedTextField
        id="applicant-filter-name"
        label={organisation ? 'Applicant' : 'Organisation'}
        size="small"
        value={filters.query}
        onCommit={(query) => set({ query })}
        helperText={organisation ? "Search by the applicant's first, last or full name." : 'Search by the name of the organisation you applied to.'}
      />
      {organisation && (
        <DebouncedTextField
          id="applicant-filter-ref"
          label={refLabel}
          size="small"
          value={filters.ref}
          onCommit={(ref) => set({ ref })}
          helperText="Search by the reference given to the application."
        />
      )}
      <Box role="group" aria-labelledby="applicant-filter-status">
        <Typography id="applicant-filter-status" variant="body2" color="text.secondary">
          Status
        </Typography>
        <FormGroup row>
          {statusesOffered(audience).map((s) => (
            <FormControlLabel
              key={s}
              control={<Checkbox size="small" checked={filters.statuses.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />}
              label={statusName(s)}
            />
          ))}
        </FormGroup>
      </Box>
      <Box role="group" aria-labelledby="applicant-filter-dates">
        <Typography id="applicant-filter-dates" variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Show only applications created on or between these dates.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <DateInput
            id="applicant-filter-from"
            label="From"
            size="small"
            value={filters.fromDate}
            onChange={(fromDate) => set({ fromDate })}
            max={filters.toDate || localToday()}
            openOn={daysBefore(localToday(), 30)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
          <DateInput
            id="applicant-filter-to"
            label="To"
            size="small"
            value={filters.toDate}
            onChange={(toDate) => set({ toDate })}
            min={filters.fromDate || undefined}
            max={localToday()}
            openOn={filters.fromDate || undefined}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        </Stack>
      </Box>
      {(organisation ? customFilters : []).map((f) =>
        f.values?.length ? (
          <TextField
            key={f.key}
            id={`applicant-filter-${f.key}`}
            select
            size="small"
            label={f.name}
            value={filters.custom[f.key] ?? ''}
            onChange={(e) => {
              const value = e.target.value;
              set((current) => ({ custom: { ...current.custom, [f.key]: value } }));
            }}
          >
            <MenuItem value="">All</MenuItem>
            {f.values.map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <DebouncedTextField
            key={f.key}
            id={`applicant-filter-${f.key}`}
            size="small"
            label={f.name}
            value={filters.custom[f.key] ?? ''}
            onCommit={(value) => set((current) => ({ custom: { ...current.custom, [f.key]: value } }))}
          />
        ),
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button onClick={() => onChange({ query: '', statuses: defaultStatuses(audience), fromDate: '', toDate: '', ref: '', custom: {} })}>
          Clear All
        </Button>
      </Box>
    </Box>
  );
}
