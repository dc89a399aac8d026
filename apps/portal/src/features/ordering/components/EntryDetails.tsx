import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Grid,
  IconButton,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { documentRequirementsFor, nameHelp, VERIFICATION_MESSAGES } from '@credence/domain';
import { Controller, useFieldArray, type Control, type FieldPath } from 'react-hook-form';
import type { InstituteBody, InstituteFieldBody } from '@/features/ordering/api/ordering';
import { DocumentsSection } from '@/features/ordering/components/DocumentsSection';
import { DynamicField } from '@/features/ordering/components/DynamicField';
import { PreviousVerifications } from '@/features/ordering/components/PreviousVerifications';
import { usePreviousPeople, type PreviousPerson } from '@/features/ordering/hooks/useInstitutes';
import { maskDate } from '@/features/ordering/wizard/masks';
import { instituteDisplayNames, isConsentForm, permissionsOf, showsEmail, showsEnrolmentStatus, type EntryValues, type WizardValues } from '@/features/ordering/wizard/model';
import type { PriceMode } from '@/features/ordering/wizard/pricing';
import { FormTextField } from '@/shared/forms/FormTextField';
import { formatCredits, formatMajorAmount } from '@/shared/ui/format';

export interface EntryContext {
  priceMode: PriceMode;
  currency: string;
  refLabel: string;
  refRequired: boolean;
  inApplication: boolean;
  individual: boolean;
}

interface Props {
  control: Control<WizardValues>;
  index: number;
  entry: EntryValues;
  institute: InstituteBody;
  /** The permission bitmask of access 6.5 (252 in a new verification). */
  permissions: number;
  ctx: EntryContext;
  onChangeInstitute: () => void;
  /** 'Use a previous individual?' (2.5): copies the person's names and date of birth ('New Individual' clears them). */
  onUsePerson?: (person: PreviousPerson) => void;
}

const NEW_INDIVIDUAL: PreviousPerson = { key: 'new', firstname: '', middlename: '', lastname: '', dob: '' };
const personLabel = (p: PreviousPerson) => (p.key === 'new' ? 'New Individual' : `${p.firstname} ${p.middlename ? `${p.middlename} ` : ''}${p.lastname}${p.dob ? ` (${p.dob})` : ''}`);

/** The details of one verification (verifications 2.5): institute, individual, qualification or employment, documents. */
export function EntryDetails({ control, index, entry, institute, permissions, ctx, onChangeInstitute, onUsePerson }: Props) {
  const people = usePreviousPeople();
  const can = permissionsOf(permissions);
  const at = `entries.${index}` as const;
  const readOnly = !can.editFields;
  const byCountry = entry.code === 'emp' || entry.code === 'hsc';
  const dynamic = institute.fields.filter((f) => f.key !== 'email' && !(entry.currentStudent && f.key === 'gradYear'));
  const help = nameHelp(entry.code);
  const email = showsEmail(institute) ? institute.fields.find((f) => f.key === 'email') : undefined;

  return (
    <Stack spacing={2.5}>
      <InstituteCard institute={institute} entry={entry} index={index} control={control} byCountry={byCountry} canChange={can.changeInstitute} ctx={ctx} onChange={onChangeInstitute} />

      <Section title="Individual's Details">
        <Grid container spacing={2}>
          {onUsePerson && !readOnly && (people.data?.length ?? 0) > 0 && (
            // On a row of its own, as tall as the name fields: beside First name, and smaller, it broke the names'
            // row in two.
            <Grid size={12}>
              <Autocomplete
                id={`entries-${index}-previous-person`}
                sx={{ maxWidth: { sm: 'calc(66.67% - 5.33px)' } }}
                options={[NEW_INDIVIDUAL, ...(people.data ?? [])]}
                value={null}
                onChange={(_e, next) => next && onUsePerson(next)}
                getOptionLabel={personLabel}
                isOptionEqualToValue={(a, b) => a.key === b.key}
                renderInput={(params) => <TextField {...params} label="Use a previous individual?" />}
              />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name={`${at}.firstname`} label="First name" required disabled={readOnly} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name={`${at}.middlename`} label="Middle name" disabled={readOnly} fullWidth />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField control={control} name={`${at}.lastname`} label="Last name" required disabled={readOnly} fullWidth />
          </Grid>
          {help && (
            <Grid size={12}>
              <Typography variant="body2" color="text.secondary">
                {help}
              </Typography>
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name={`${at}.dob`}
              label="Date of birth"
              required
              disabled={readOnly}
              transform={maskDate}
              placeholder="DD/MM/YYYY"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          {email && (
            <Grid size={{ xs: 12, sm: 8 }}>
              <DynamicField control={control} name={`${at}.fields.email`} field={email} instituteId={institute.id} disabled={readOnly} />
            </Grid>
          )}
          <Grid size={12}>
            <PreviousVerifications instituteId={institute.id} firstname={entry.firstname} lastname={entry.lastname} dob={entry.dob} individual={ctx.individual} />
          </Grid>
          {!ctx.inApplication && (
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField
                control={control}
                name={`${at}.customerReference`}
                label={ctx.refLabel}
                required={ctx.refRequired}
                disabled={readOnly}
                helperText={ctx.refRequired ? undefined : 'The reference number used to track this case in your internal system if you have one.'}
                fullWidth
              />
            </Grid>
          )}
        </Grid>
      </Section>

      {entry.code === 'emp' ? (
        <>
          <FieldsSection title="Employer Details" fields={dynamic.filter((f) => f.key.startsWith('employer'))} {...{ control, at, institute, readOnly }} />
          <FieldsSection title="Employment Details" fields={dynamic.filter((f) => !f.key.startsWith('employer'))} {...{ control, at, institute, readOnly }} />
        </>
      ) : (
        <FieldsSection
          title={entry.code === 'arf' ? 'Referee Details' : entry.code === 'edu' || entry.code === 'hsc' ? 'Qualification Details' : 'Details'}
          fields={dynamic}
          {...{ control, at, institute, readOnly }}
          before={
            <>
              {/* 2.5 §4: Qualification Details, education and high school alike. */}
              {institute.minYear !== null && (entry.code === 'edu' || entry.code === 'hsc') && (
                <Alert severity="info">{VERIFICATION_MESSAGES.minYear(institute.names[0]?.name ?? institute.name, institute.minYear)}</Alert>
              )}
              {showsEnrolmentStatus(institute, entry.code) && (
                <Controller
                  control={control}
                  name={`${at}.currentStudent`}
                  render={({ field }) => (
                    <FormControlLabel
                      label={field.value ? 'Current student' : 'Past student'}
                      control={<Switch checked={!!field.value} disabled={readOnly} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { 'aria-label': 'Enrolment Status: Current student' } }} />}
                    />
                  )}
                />
              )}
            </>
          }
          after={entry.code === 'hsc' ? <Subjects control={control} index={index} disabled={readOnly} /> : null}
        />
      )}

      <DocumentsSection control={control} index={index} entry={entry} institute={institute} permissions={permissions} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function FieldsSection({
  title,
  fields,
  control,
  at,
  institute,
  readOnly,
  before,
  after,
}: {
  title: string;
  fields: InstituteFieldBody[];
  control: Control<WizardValues>;
  at: `entries.${number}`;
  institute: InstituteBody;
  readOnly: boolean;
  before?: React.ReactNode;
  after?: React.ReactNode;
}) {
  const refereeEmail = title === 'Referee Details';
  if (!fields.length && !after) return null;
  return (
    <Section title={title}>
      <Stack spacing={2}>
        {before}
        <Grid container spacing={2}>
          {fields.map((f) => (
            <Grid key={f.key} size={{ xs: 12, sm: 6 }}>
              <DynamicField
                control={control}
                name={`${at}.fields.${f.key}` as FieldPath<WizardValues>}
                field={refereeEmail && /email/i.test(f.key) ? { ...f, description: 'Must be the current email address of the individual providing the reference' } : f}
                instituteId={institute.id}
                disabled={readOnly}
              />
            </Grid>
          ))}
        </Grid>
        {after}
      </Stack>
    </Section>
  );
}

/** Courses / Subjects for high school (2.5): name and grade rows, one to start with. */
function Subjects({ control, index, disabled }: { control: Control<WizardValues>; index: number; disabled: boolean }) {
  const { fields, append, remove } = useFieldArray({ control, name: `entries.${index}.subjects` });
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Courses / Subjects
      </Typography>
      {fields.map((row, j) => (
        <Box key={row.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          {/* On a phone the grade goes under the subject: side by side its label was cut to 'Grade or M…'. */}
          <Box sx={{ flex: 1, display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 1.5 }}>
            <FormTextField control={control} name={`entries.${index}.subjects.${j}.name`} label="Course / Subject" disabled={disabled} sx={{ flex: { xs: '1 1 100%', sm: 2 } }} />
            <FormTextField control={control} name={`entries.${index}.subjects.${j}.mark`} label="Grade or Mark (Actual or Predicted)" disabled={disabled} sx={{ flex: { xs: '1 1 100%', sm: 1 } }} />
          </Box>
          {fields.length > 1 && (
            <IconButton aria-label={`Delete course / subject ${j + 1}`} onClick={() => remove(j)} disabled={disabled}>
              <DeleteIcon />
            </IconButton>
          )}
        </Box>
      ))}
      <Box>
        <Button onClick={() => append({ name: '', mark: '' })} disabled={disabled}>
          Add another course / subject
        </Button>
      </Box>
    </Stack>
  );
}

function InstituteCard({
  institute,
  entry,
  index,
  control,
  byCountry,
  canChange,
  ctx,
  onChange,
}: {
  institute: InstituteBody;
  entry: EntryValues;
  index: number;
  control: Control<WizardValues>;
  byCountry: boolean;
  canChange: boolean;
  ctx: EntryContext;
  onChange: () => void;
}) {
  const consentForm = institute.documentRequirements.find(isConsentForm);
  const notices = [...institute.notices, ...(institute.region?.notices ?? [])].filter((n) => n.type !== 'READONLY_INFO');
  const shown = instituteDisplayNames(institute);
  const names = shown.length ? shown : [institute.name];
  const money = (n: number | null) => formatMajorAmount(n ?? 0, ctx.currency);
  // The documents to have to hand follow the qualification too (a doctorate's Doctoral Degree Confirmation).
  const requirements = documentRequirementsFor(institute, entry.fields);
  return (
    <Section title={byCountry ? 'Country' : 'Institute Details'}>
      <Stack spacing={1.5}>
        {notices.map((n, i) => (
          <Alert key={i} severity={n.type === 'WARNING' ? 'warning' : 'info'}>
            {n.message}
          </Alert>
        ))}
        {consentForm && !byCountry && (
          <Alert severity="warning">
            Please ensure you use the specific {consentForm.name} required, otherwise your request will be rejected. Please download and complete the
            specific consent form.
            {consentForm.template && (
              <>
                {' '}
                <Link href={consentForm.template} target="_blank" rel="noopener">
                  Download {consentForm.name}
                </Link>
              </>
            )}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            {names.map((n) => (
              <Typography key={n} sx={{ fontWeight: 600 }}>
                {n}
              </Typography>
            ))}
            {institute.region?.name && <Typography color="text.secondary">Country: {institute.region.name}</Typography>}
          </Box>
          {canChange && (
            <Button variant="outlined" onClick={onChange}>
              Change
            </Button>
          )}
        </Box>
        {ctx.priceMode === 'credits' && <Typography>Cost: {formatCredits((institute.credits ?? 1) + (entry.accreditation ? 1 : 0))}</Typography>}
        {ctx.priceMode === 'prices' && canChange && (
          <Table size="small" aria-label="Price breakdown" sx={{ maxWidth: 480 }}>
            <TableBody>
              <TableRow>
                <TableCell component="th" scope="row">
                  Our Price
                </TableCell>
                <TableCell align="right">{money(institute.product.price)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  Institute Surcharge
                </TableCell>
                <TableCell align="right">{money(institute.surcharge)}</TableCell>
              </TableRow>
              {!byCountry && (
                <TableRow>
                  <TableCell component="th" scope="row">
                    {institute.accreditationSupported ? (
                      <Controller
                        control={control}
                        name={`entries.${index}.accreditation`}
                        render={({ field }) => (
                          <FormControlLabel
                            label="Institute Accreditation Check"
                            control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                          />
                        )}
                      />
                    ) : (
                      'Institute Accreditation Check'
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {institute.accreditationSupported ? (
                      <Box component="span" sx={entry.accreditation ? undefined : { textDecoration: 'line-through', color: 'text.secondary' }}>
                        {money(institute.accreditation)}
                      </Box>
                    ) : (
                      <Tooltip title="Accreditation is not supported for this institute.">
                        <span tabIndex={0} aria-label="Accreditation is not supported for this institute.">
                          -----
                        </span>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              )}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money((institute.totalPrice ?? 0) + (entry.accreditation && institute.accreditationSupported ? (institute.accreditation ?? 0) : 0))}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        {requirements.length > 0 && !byCountry && (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>Required Documents</Typography>
            <Typography variant="body2">Ensure you have these documents to hand, you will need to upload them below.</Typography>
            <Box component="ul" sx={{ my: 0.5 }}>
              {requirements.map((d) => (
                <li key={d.id}>
                  <Typography variant="body2">{d.name}</Typography>
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Stack>
    </Section>
  );
}

