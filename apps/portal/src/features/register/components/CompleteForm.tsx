import { Alert, Box } from '@mui/material';
import { useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  completeRegistrationRequires,
  completeRegistrationVariant,
  INVALID_PASSWORD,
  termsNotAccepted,
  VOLUME_CHECKS,
} from '@credence/domain';
import { login } from '@/features/auth/api/login';
import { newPasswordErrors } from '@/features/auth/passwordRules';
import { countOf, openApplications } from '@/features/applications/api/countOpenApplications';
import {
  searchCountries,
  searchIndustries,
  type Country,
  type Industry,
} from '@/features/company/api/company';
import { matchCountries, VAT_NOTE } from '@/features/company/countries';
import type { RegistrationToken, VolumeChecks } from '@/features/register/api/registration';
import { START_MESSAGES } from '@/features/register/components/StartForm';
import { useCompleteRegistration } from '@/features/register/hooks/useCompleteRegistration';
import { LINKS } from '@/shared/config';
import { FormCheckbox } from '@/shared/forms/FormCheckbox';
import { FormPasswordField } from '@/shared/forms/FormPasswordField';
import { FormRadioGroup } from '@/shared/forms/FormRadioGroup';
import { FormRemoteAutocomplete } from '@/shared/forms/FormRemoteAutocomplete';
import { FormSubmitBar } from '@/shared/forms/FormSubmitBar';
import { FormTextField } from '@/shared/forms/FormTextField';
import type { RuleErrors } from '@/shared/forms/rulesResolver';
import { applyServerError, fieldsByMessage } from '@/shared/forms/serverErrors';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { required } from '@/shared/forms/validators';
import { PublicCard } from '@/shared/layout/PublicCard';
import { useNotify } from '@/shared/notifications/useNotify';
import { queryKeys } from '@/shared/query/queryKeys';
import { sessionStore } from '@/shared/session/sessionStore';
import { takeShareInvite } from '@/features/sharing/pendingInvite';

export const COMPLETE_MESSAGES = {
  done: 'Your registration is complete.',
  terms: termsNotAccepted,
} as const;

export interface CompleteValues {
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
export const completeVariant = completeRegistrationVariant;

/** Spec 5.2 as a pure function of the values and the variant (which fields it requires: libs/domain). */
export function completeFormErrors(
  v: CompleteValues,
  variant: ReturnType<typeof completeVariant>,
  withOwner: boolean,
): RuleErrors<CompleteValues> {
  const pw = newPasswordErrors(v.password, v.confirm);
  const requires = new Set(completeRegistrationRequires(variant));
  return {
    password: pw.password,
    confirm: pw.confirm,
    companyName: requires.has('companyName') ? required('Organisation name', v.companyName) : undefined,
    volumeChecks: requires.has('volumeChecks')
      ? required('Annual estimated volume', v.volumeChecks)
      : undefined,
    country: requires.has('country') ? required('Country', v.country) : undefined,
    industry: requires.has('industry') ? required('Industry', v.industry) : undefined,
    terms: v.terms === 'agree' ? undefined : COMPLETE_MESSAGES.terms(withOwner),
  };
}

/** The API's refusals of PUT /register/{token} (its words) placed on the fields they are about. */
const serverFields = fieldsByMessage<CompleteValues>({
  [INVALID_PASSWORD]: 'password',
  'The new password and its confirmation do not match.': 'confirm',
  'Please confirm your password.': 'confirm',
  'Organisation name is required.': 'companyName',
  'Annual estimated volume is required.': 'volumeChecks',
  'Annual estimated volume must be 0-199 or 200+.': 'volumeChecks',
  'Country is required.': 'country',
  'Please choose a country from the list.': 'country',
  'Industry is required.': 'industry',
});

const VOLUME_OPTIONS = VOLUME_CHECKS.map((v) => ({ value: v, label: v }));
const TERMS_OPTIONS = [
  { value: 'agree', label: 'Agree' },
  { value: 'disagree', label: 'Disagree' },
];

const searchMatchingCountries = async (text: string, signal: AbortSignal) =>
  matchCountries(await searchCountries(text, signal), text);

interface CompleteFormProps {
  token: string;
  registration: RegistrationToken;
}

/** Spec 2.7 (b), 4.2 and 5.2: set the password and the company, then sign in. */
export function CompleteForm({ token, registration }: CompleteFormProps) {
  const navigate = useNavigate();
  const notify = useNotify();
  const complete = useCompleteRegistration(token);
  const variant = completeVariant(registration);
  const owner = registration.applicationOwner ?? null;
  const { control, handleSubmit, setError } = useRulesForm<CompleteValues>({
    defaultValues: {
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
    validate: useCallback((v: CompleteValues) => completeFormErrors(v, variant, !!owner), [variant, owner]),
  });
  const country = useWatch({ control, name: 'country' });

  async function send(v: CompleteValues) {
    const organisation = variant === 'organisation';
    try {
      await complete.mutateAsync({
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
    } catch (error) {
      applyServerError(setError, error, serverFields);
      return;
    }
    await signInAndGo(v.password, organisation ? v.volumeChecks : '');
  }

  /** Spec 5.2 and 8: an invalid form scrolls to the top and says so; the focus goes to the first invalid field. */
  function refuse() {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    notify({ severity: 'error', title: 'Error', message: START_MESSAGES.correct });
  }

  /** Spec 4.2 steps 4 to 6. */
  async function signInAndGo(password: string, volume: VolumeChecks | '') {
    try {
      const tokens = await login({ username: registration.email, password });
      sessionStore.signIn(tokens.token, tokens.refreshToken);
    } catch {
      await navigate('/login');
      return;
    }
    notify({ severity: 'success', title: 'Welcome!', message: COMPLETE_MESSAGES.done });
    const shared = takeShareInvite();
    if (shared) {
      await navigate(`/view/${shared}`);
      return;
    }
    if (registration.individual) {
      const page = await openApplications().catch(() => undefined);
      const ids = page?.content ?? [];
      sessionStore.setOpenApplicationsAtSignIn(countOf(page));
      if (ids.length === 1) {
        await navigate(`/application/${ids[0].id}/start`);
        return;
      }
      await navigate('/');
      return;
    }
    await navigate(volume === '200+' ? '/BookAMeeting' : '/');
  }

  const termsLinks = (
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
      <Box
        component="form"
        noValidate
        onSubmit={(e) => void handleSubmit(send, refuse)(e)}
        sx={{ display: 'grid', gap: 2.25 }}
      >
        <FormPasswordField
          control={control}
          name="password"
          rules={{ deps: ['confirm'] }}
          id="complete-password"
          label="Password"
          autoComplete="new-password"
          required
          hint
        />
        <FormPasswordField
          control={control}
          name="confirm"
          id="complete-confirm"
          label="Confirm Password"
          autoComplete="new-password"
          required
        />

        {variant === 'organisation' && (
          <>
            <FormTextField
              control={control}
              name="companyName"
              id="complete-company"
              label="Organisation name"
              autoComplete="organization"
              required
            />
            <FormTextField
              control={control}
              name="jobTitle"
              id="complete-jobtitle"
              label="Job title"
              autoComplete="organization-title"
            />
            <FormRadioGroup
              control={control}
              name="volumeChecks"
              label="Annual estimated volume"
              options={VOLUME_OPTIONS}
              required
              row
            />
          </>
        )}

        {variant !== 'member' && (
          <>
            <FormRemoteAutocomplete<CompleteValues, 'country', Country>
              control={control}
              name="country"
              id="complete-country"
              label="Country"
              required
              search={searchMatchingCountries}
              queryKey={queryKeys.search.countries}
              optionLabel={(c) => c.name}
              optionKey={(c) => c.id}
              optionDisabled={(c) => !!c.disabled}
            />
            {country?.vat && (
              <Box>
                {country.id !== 'GB' && (
                  <Alert severity="info" role="note" sx={{ mb: 1.5 }}>
                    {VAT_NOTE}
                  </Alert>
                )}
                <FormTextField control={control} name="vatId" id="complete-vat" label="VAT ID" />
              </Box>
            )}
          </>
        )}

        {variant === 'organisation' && (
          <FormRemoteAutocomplete<CompleteValues, 'industry', Industry>
            control={control}
            name="industry"
            id="complete-industry"
            label="Industry"
            required
            search={searchIndustries}
            queryKey={queryKeys.search.industries}
            optionLabel={(i) => i.name}
            optionKey={(i) => i.id}
          />
        )}

        <FormCheckbox
          control={control}
          name="marketing"
          label="Keep me informed about product news, tips and offers by e-mail"
        />

        <FormRadioGroup
          control={control}
          name="terms"
          label={
            owner ? (
              <>
                {termsLinks}, and that the results of my verifications will be shared with {owner.name}
              </>
            ) : (
              termsLinks
            )
          }
          labelSx={{ mb: 0.5 }}
          options={TERMS_OPTIONS}
          required
          row
        />

        <FormSubmitBar control={control} label="Register" />
      </Box>
    </PublicCard>
  );
}
