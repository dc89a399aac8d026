import { Alert, Box, Button, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutline';
import { useCallback, useEffect, useRef, useState } from 'react';
import { normaliseEmail, startRegistrationRequires, type RegistrationKind } from '@credence/domain';
import type { ApplicationOwner, ReferralOwner } from '@/features/register/api/owners';
import { useStartRegistration } from '@/features/register/hooks/useStartRegistration';
import { HELP_CARD_TEMPLATE_ID, LINKS, LONG_TOAST_MS } from '@/shared/config';
import { FormCheckbox } from '@/shared/forms/FormCheckbox';
import { FormServerError } from '@/shared/forms/FormServerError';
import { FormTextField } from '@/shared/forms/FormTextField';
import type { RuleErrors } from '@/shared/forms/rulesResolver';
import { applyServerError, fieldsByMessage } from '@/shared/forms/serverErrors';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { email, required } from '@/shared/forms/validators';
import { PublicCard } from '@/shared/layout/PublicCard';
import { mobileKeyboardMaker, mobileKeyboardMessage } from '@/shared/public/deviceWarnings';
import { hasTemplate } from '@/shared/public/publicParams';
import { useNotify } from '@/shared/notifications/useNotify';
import explainerPoster from '@/features/register/assets/explainer-poster.jpg';
import explainerMp4 from '@/features/register/assets/explainer.mp4';
// Not inlined as a data: address, which the page's CSP refuses to media (a caption track included).
import explainerCaptions from '@/features/register/assets/explainer.vtt?url&no-inline';
import explainerWebm from '@/features/register/assets/explainer.webm';

export const START_MESSAGES = {
  correct: 'Please correct the errors shown below.',
  sent: 'Please check your email to complete your registration.',
  existingOrganisation:
    "If your organisation already has an account with us ask the existing account holder to invite you as a team member via their 'Account' section.",
  understand:
    'I understand that I am registering for an organisation account and will be using it to verify third party qualifications',
} as const;

export interface StartValues {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  companyName: string;
  jobTitle: string;
  applicationRef: string;
  understand: boolean;
}

/** Spec 5.1, as a pure function of the values and the variant (which fields it requires: libs/domain). */
export function startFormErrors(
  v: StartValues,
  kind: RegistrationKind,
  hasAtid: boolean,
): RuleErrors<StartValues> {
  const requires = new Set(startRegistrationRequires(kind, hasAtid));
  return {
    firstname: required('First name', v.firstname),
    lastname: required('Last name', v.lastname),
    email: email('Email', v.email),
    companyName: requires.has('companyName') ? required('Company Name', v.companyName) : undefined,
    jobTitle: requires.has('jobTitle') ? required('Job Title', v.jobTitle) : undefined,
    phone: requires.has('phone') ? required('Phone', v.phone) : undefined,
    understand: requires.has('understand') && !v.understand ? 'Please confirm this to continue' : undefined,
  };
}

/** The API's refusals of POST /register (its words) placed on the fields they are about. */
const serverFields = fieldsByMessage<StartValues>({
  'First name is required.': 'firstname',
  'Last name is required.': 'lastname',
  'Please enter a valid email address.': 'email',
  'Phone is required.': 'phone',
  'Company Name is required.': 'companyName',
  'Job Title is required.': 'jobTitle',
});

interface StartFormProps {
  kind: RegistrationKind;
  atid: string | null;
  owner?: ApplicationOwner | null;
  referralOwner?: ReferralOwner | null;
  /** Prefilled and locked (the e and shareinvite entry variants). */
  lockedEmail?: string | null;
  onBack?: () => void;
}

/** Spec 2.7 (a) and 5.1: the start form creates a registration token and e-mails the link. */
export function StartForm({ kind, atid, owner, referralOwner, lockedEmail, onBack }: StartFormProps) {
  const notify = useNotify();
  const start = useStartRegistration();
  // Access 2.4 (a): on the keyboard of one device maker, warn for 10 s (access 9: device warning 10000 ms).
  const keyboardWarned = useRef(false);
  useEffect(() => {
    const maker = mobileKeyboardMaker(navigator.userAgent);
    if (!maker || keyboardWarned.current) return;
    keyboardWarned.current = true;
    notify({ severity: 'warning', message: mobileKeyboardMessage(maker), durationMs: LONG_TOAST_MS });
  }, [notify]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const organisation = kind === 'C';
  const hasAtid = hasTemplate(atid);
  const { control, handleSubmit, setError, formState } = useRulesForm<StartValues>({
    defaultValues: {
      firstname: '',
      lastname: '',
      email: lockedEmail ?? '',
      phone: '',
      companyName: '',
      jobTitle: '',
      applicationRef: '',
      understand: false,
    },
    validate: useCallback((v: StartValues) => startFormErrors(v, kind, hasAtid), [kind, hasAtid]),
  });

  const heading = owner
    ? `Welcome ${owner.name} Applicant`
    : organisation
      ? 'Register as an organisation'
      : 'Register as an individual';

  async function send(v: StartValues) {
    const address = normaliseEmail(v.email);
    try {
      await start.mutateAsync({
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        email: address,
        phone: v.phone.trim() || null,
        companyName: organisation ? v.companyName.trim() : null,
        jobTitle: organisation ? v.jobTitle.trim() : null,
        volumeChecks: null,
        individual: !organisation,
        applicationTemplateId: owner ? owner.id : null,
        referralOwnerId: referralOwner?.id ?? null,
        applicationRef: v.applicationRef.trim() || null,
      });
    } catch (error) {
      applyServerError(setError, error, serverFields);
      return;
    }
    notify({ severity: 'success', title: 'Thank you!', message: START_MESSAGES.sent });
    setSentTo(address);
  }

  /** Spec 5.1 and 8: an invalid form scrolls to the top and says so; the focus goes to the first invalid field. */
  function refuse() {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    notify({ severity: 'error', title: 'Error', message: START_MESSAGES.correct });
  }

  if (sentTo) return <CheckInbox email={sentTo} />;

  return (
    <>
      {hasAtid && (
        <ApplicantHelp
          help={atid === String(HELP_CARD_TEMPLATE_ID) || owner?.template === HELP_CARD_TEMPLATE_ID}
        />
      )}
      <PublicCard title={heading}>
        {onBack && (
          <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 2, ml: -1 }}>
            Back
          </Button>
        )}
        {owner?.statusDescription && (
          <Alert severity="warning" role="note" sx={{ mb: 2.5 }}>
            {owner.statusDescription}
          </Alert>
        )}
        {organisation && (
          <Alert severity="info" role="note" sx={{ mb: 2.5 }}>
            {START_MESSAGES.existingOrganisation}
          </Alert>
        )}
        <Box
          component="form"
          noValidate
          onSubmit={(e) => void handleSubmit(send, refuse)(e)}
          sx={{ display: 'grid', gap: 2.25 }}
        >
          <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField
              control={control}
              name="firstname"
              id="reg-firstname"
              label="First name"
              autoComplete="given-name"
              required
            />
            <FormTextField
              control={control}
              name="lastname"
              id="reg-lastname"
              label="Last name"
              autoComplete="family-name"
              required
            />
          </Box>
          <FormTextField
            control={control}
            name="email"
            id="reg-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            transform={(raw) => raw.toLowerCase()}
            slotProps={{ input: { readOnly: !!lockedEmail } }}
            helperText="This will be your username"
          />
          {organisation && (
            <>
              <FormTextField
                control={control}
                name="companyName"
                id="reg-company"
                label="Company Name"
                autoComplete="organization"
                required
              />
              <FormTextField
                control={control}
                name="jobTitle"
                id="reg-jobtitle"
                label="Job Title"
                autoComplete="organization-title"
                required
              />
            </>
          )}
          <FormTextField
            control={control}
            name="phone"
            id="reg-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            required={organisation}
          />
          {owner?.referenceLabel && (
            <FormTextField
              control={control}
              name="applicationRef"
              id="reg-ref"
              label={owner.referenceLabel}
            />
          )}
          {organisation && !hasAtid && (
            <FormCheckbox
              control={control}
              name="understand"
              label={START_MESSAGES.understand}
              required
              alignTop
            />
          )}
          <FormServerError control={control} />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Register
          </Button>
        </Box>
      </PublicCard>
    </>
  );
}

/**
 * Spec 2.7: 'When atid is 17, a help card with a video link and an FAQ link is shown; other atids show an embedded
 * explainer video.' The explainer is the product's own (tools/media/explainer-video.mjs), captioned, and downloads
 * when played.
 */
function ApplicantHelp({ help }: { help: boolean }) {
  if (!help) return <ExplainerVideo />;
  return (
    <Card>
      <CardContent
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          p: { xs: 2.5, sm: 3 },
          '&:last-child': { pb: { xs: 2.5, sm: 3 } },
        }}
      >
        <PlayCircleOutline color="secondary" sx={{ fontSize: 44 }} aria-hidden="true" />
        <Box>
          <Typography variant="h6" component="h2">
            Need a hand with your application?
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
            <Link href={LINKS.helpVideo} target="_blank" rel="noopener noreferrer" variant="body2">
              Watch the video
            </Link>
            <Link href={LINKS.helpFaq} target="_blank" rel="noopener noreferrer" variant="body2">
              Read the FAQs
            </Link>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

function ExplainerVideo() {
  return (
    <Card component="section" aria-labelledby="explainer-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 }, '&:last-child': { pb: { xs: 2.5, sm: 3 } } }}>
        <Typography id="explainer-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          How it works
        </Typography>
        <Box
          component="video"
          controls
          playsInline
          // Its first bytes only, until played: enough for the length in the controls (with none, Chromium shows a
          // loading wheel over the poster until then).
          preload="metadata"
          poster={explainerPoster}
          aria-labelledby="explainer-title"
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            borderRadius: 1.5,
            bgcolor: '#0f1f45',
          }}
        >
          <source src={explainerWebm} type="video/webm" />
          <source src={explainerMp4} type="video/mp4" />
          <track kind="captions" src={explainerCaptions} srcLang="en" label="English" default />
        </Box>
      </CardContent>
    </Card>
  );
}

function CheckInbox({ email: address }: { email: string }) {
  return (
    <PublicCard title="Check your inbox">
      <Typography sx={{ mb: 1.5 }}>{START_MESSAGES.sent}</Typography>
      <Typography color="text.secondary" variant="body2">
        We have sent a link to <strong>{address}</strong>. If it does not arrive within a few minutes, check
        your spam folder.
      </Typography>
    </PublicCard>
  );
}
