import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { login } from '@/features/auth/api/login';
import { newPasswordErrors } from '@/features/auth/passwordRules';
import { openApplications } from '@/features/applications/api/countOpenApplications';
import {
  searchCountries,
  searchIndustries,
  type Country,
  type Industry,
} from '@/features/company/api/company';
import { matchCountries, VAT_NOTE } from '@/features/company/countries';
import {
  completeRegistration,
  type RegistrationToken,
  type VolumeChecks,
} from '@/features/register/api/registration';
import { START_MESSAGES } from '@/features/register/components/StartForm';
import { LINKS } from '@/shared/config';
import { FormStatus } from '@/shared/forms/FormStatus';
import { PasswordField } from '@/shared/forms/PasswordField';
import { RemoteAutocomplete } from '@/shared/forms/RemoteAutocomplete';
import { useForm, type FormErrors } from '@/shared/forms/useForm';
import { required } from '@/shared/forms/validators';
import { PublicCard } from '@/shared/layout/PublicCard';
import { useNotify } from '@/shared/notifications/useNotify';
import { sessionStore } from '@/shared/session/sessionStore';

export const COMPLETE_MESSAGES = {
  done: 'Your registration is complete.',
  terms: (withOwner: boolean) =>
    `You must accept our terms & conditions${withOwner ? ' and agree to share you data' : ''} in order to use our service.`,
} as const;

export interface CompleteValues extends Record<string, unknown> {
  password: string;
  confirm: string;
  companyName: string;
  jobTitle: string;
  volumeChecks: VolumeChecks | '';
  country: Country | null;
  vatId: string;
  industry: Industry | null;
  marketing: boolean;
  terms: 'agree' | 'disagree' | '';
}

/** What the form asks for, by the token: a team member joining an existing company sets a password only. */
export function completeVariant(token: RegistrationToken): 'member' | 'individual' | 'organisation' {
  if (token.companyId) return 'member';
  return token.individual ? 'individual' : 'organisation';
}

/** Spec 5.2 as a pure function of the values and the variant. */
export function completeFormErrors(
  v: CompleteValues,
  variant: ReturnType<typeof completeVariant>,
  withOwner: boolean,
): FormErrors<CompleteValues> {
  const pw = newPasswordErrors(v.password, v.confirm);
  const organisation = variant === 'organisation';
  const needsCountry = variant !== 'member';
  return {
    password: pw.password,
    confirm: pw.confirm,
    companyName: organisation ? required('Organisation name', v.companyName) : undefined,
    volumeChecks: organisation ? required('Annual estimated volume', v.volumeChecks) : undefined,
    country: needsCountry ? required('Country', v.country) : undefined,
    industry: organisation ? required('Industry', v.industry) : undefined,
    terms: v.terms === 'agree' ? undefined : COMPLETE_MESSAGES.terms(withOwner),
  };
}

interface CompleteFormProps {
  token: string;
  registration: RegistrationToken;
}

/** Spec 2.7 (b), 4.2 and 5.2: set the password and the company, then sign in. */
export function CompleteForm({ token, registration }: CompleteFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const variant = completeVariant(registration);
  const owner = registration.applicationOwner ?? null;
  const form = useForm<CompleteValues>(
    {
      password: '',
      confirm: '',
      companyName: registration.companyName ?? '',
      jobTitle: registration.jobTitle ?? '',
      volumeChecks: registration.volumeChecks ?? '',
      country: null,
      vatId: '',
      industry: null,
      marketing: true,
      terms: '',
    },
    useCallback((v: CompleteValues) => completeFormErrors(v, variant, !!owner), [variant, owner]),
  );
  const v = form.values;
  const termsError = form.shown('terms') ?? (v.terms === 'disagree' ? form.errors.terms : undefined);
  const blocked = form.blocked || !!termsError;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      notify({ severity: 'error', title: 'Error', message: START_MESSAGES.correct });
      return;
    }
    setSaving(true);
    const organisation = variant === 'organisation';
    try {
      await completeRegistration(token, {
        password: v.password,
        confirmPassword: v.confirm,
        company:
          variant === 'member' || !v.country
            ? null
            : {
                ...(organisation ? { name: v.companyName.trim() } : {}),
                addressCountry: { id: v.country.id },
                ...(organisation && v.industry ? { industry: { id: v.industry.id } } : {}),
                vatId: v.country.vat ? v.vatId.trim() || null : null,
              },
        marketing: v.marketing,
        jobTitle: organisation ? v.jobTitle.trim() || null : null,
        volumeChecks: organisation && v.volumeChecks ? v.volumeChecks : null,
      });
    } catch {
      setSaving(false);
      return;
    }
    await signInAndGo(organisation ? v.volumeChecks : '');
  }

  /** Spec 4.2 steps 4 to 6. */
  async function signInAndGo(volume: VolumeChecks | '') {
    try {
      const tokens = await login({ username: registration.email, password: v.password });
      sessionStore.signIn(tokens.token, tokens.refreshToken);
    } catch {
      await navigate('/login');
      return;
    }
    notify({ severity: 'success', title: 'Welcome!', message: COMPLETE_MESSAGES.done });
    if (registration.individual) {
      const page = await openApplications().catch(() => null);
      const ids = page?.content ?? [];
      sessionStore.setCounters({ openApplications: page?.totalSize ?? ids.length });
      if (ids.length === 1) {
        await navigate(`/application/${ids[0].id}/start`);
        return;
      }
      await navigate('/');
      return;
    }
    await navigate(volume === '200+' ? '/BookAMeeting' : '/');
  }

  const countries = useCallback(
    async (text: string, signal: AbortSignal) => matchCountries(await searchCountries(text, signal), text),
    [],
  );

  return (
    <PublicCard
      title="Complete Registration"
      subtitle={
        <>
          Welcome, {registration.firstname}. Choose a password for <strong>{registration.email}</strong>
          {variant === 'member' && registration.companyName ? ` to join ${registration.companyName}` : ''}.
        </>
      }
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2.25 }}>
        <PasswordField
          id="complete-password"
          label="Password"
          autoComplete="new-password"
          required
          hint
          {...form.text('password')}
        />
        <PasswordField
          id="complete-confirm"
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...form.text('confirm')}
        />

        {variant === 'organisation' && (
          <>
            <TextField
              id="complete-company"
              label="Organisation name"
              autoComplete="organization"
              required
              {...form.text('companyName')}
            />
            <TextField
              id="complete-jobtitle"
              label="Job title"
              autoComplete="organization-title"
              {...form.text('jobTitle')}
            />
            <FormControl required error={!!form.shown('volumeChecks')}>
              <FormLabel id="complete-volume-label">Annual estimated volume</FormLabel>
              <RadioGroup
                row
                aria-labelledby="complete-volume-label"
                value={v.volumeChecks}
                onChange={(e) => {
                  form.choose('volumeChecks', e.target.value as VolumeChecks);
                }}
              >
                <FormControlLabel value="0-199" control={<Radio />} label="0-199" />
                <FormControlLabel value="200+" control={<Radio />} label="200+" />
              </RadioGroup>
              {form.shown('volumeChecks') && <FormHelperText>{form.shown('volumeChecks')}</FormHelperText>}
            </FormControl>
          </>
        )}

        {variant !== 'member' && (
          <>
            <RemoteAutocomplete<Country>
              id="complete-country"
              label="Country"
              required
              value={v.country}
              onChange={(c) => {
                form.choose('country', c);
              }}
              onBlur={() => form.touch('country')}
              search={countries}
              optionLabel={(c) => c.name}
              optionKey={(c) => c.id}
              optionDisabled={(c) => !!c.disabled}
              error={form.shown('country')}
            />
            {v.country?.vat && (
              <Box>
                {v.country.id !== 'GB' && (
                  <Alert severity="info" role="note" sx={{ mb: 1.5 }}>
                    {VAT_NOTE}
                  </Alert>
                )}
                <TextField id="complete-vat" label="VAT ID" {...form.text('vatId')} />
              </Box>
            )}
          </>
        )}

        {variant === 'organisation' && (
          <RemoteAutocomplete<Industry>
            id="complete-industry"
            label="Industry"
            required
            value={v.industry}
            onChange={(i) => {
              form.choose('industry', i);
            }}
            onBlur={() => form.touch('industry')}
            search={searchIndustries}
            optionLabel={(i) => i.name}
            optionKey={(i) => i.id}
            error={form.shown('industry')}
          />
        )}

        <FormControlLabel
          control={
            <Checkbox checked={v.marketing} onChange={(e) => form.set('marketing', e.target.checked)} />
          }
          label={
            <Typography variant="body2">
              Keep me informed about product news, tips and offers by e-mail
            </Typography>
          }
        />

        <FormControl required error={!!termsError}>
          <FormLabel id="complete-terms-label" sx={{ mb: 0.5 }}>
            {owner ? (
              <>
                I agree to the{' '}
                <a href={LINKS.terms} target="_blank" rel="noopener noreferrer">
                  terms &amp; conditions
                </a>{' '}
                and{' '}
                <a href={LINKS.privacy} target="_blank" rel="noopener noreferrer">
                  privacy notice
                </a>
                , and that the results of my verifications will be shared with {owner.name}
              </>
            ) : (
              <>
                I agree to the{' '}
                <a href={LINKS.terms} target="_blank" rel="noopener noreferrer">
                  terms &amp; conditions
                </a>{' '}
                and{' '}
                <a href={LINKS.privacy} target="_blank" rel="noopener noreferrer">
                  privacy notice
                </a>
              </>
            )}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="complete-terms-label"
            value={v.terms}
            onChange={(e) => {
              form.choose('terms', e.target.value as 'agree' | 'disagree');
            }}
          >
            <FormControlLabel value="agree" control={<Radio />} label="Agree" />
            <FormControlLabel value="disagree" control={<Radio />} label="Disagree" />
          </RadioGroup>
          {termsError && <FormHelperText>{termsError}</FormHelperText>}
        </FormControl>

        <Button type="submit" variant="contained" size="large" loading={saving} disabled={blocked}>
          Register
        </Button>
        <FormStatus blocked={blocked} />
      </Box>
    </PublicCard>
  );
}
