import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { isValidEmail } from '@credence/domain';
import { useInviteApplicant } from '@/features/applicants/hooks/useApplicants';
import { FormTextField } from '@/shared/forms/FormTextField';
import { useRulesForm } from '@/shared/forms/useRulesForm';
import { useNotify } from '@/shared/notifications/useNotify';

interface InviteValues {
  email: string;
  firstname: string;
  lastname: string;
  ref: string;
}

const EMPTY: InviteValues = { email: '', firstname: '', lastname: '', ref: '' };

/**
 * 'Invite Applicant' (verifications 2.13, 5): e-mail, first and last name required, the reference optional and
 * labelled with the account's application-reference label. The applicant gets a link to register and lands on
 * the open application.
 */
export function InviteApplicantCard({ refLabel }: { refLabel: string }) {
  const notify = useNotify();
  const invite = useInviteApplicant();
  const { control, handleSubmit, reset } = useRulesForm<InviteValues>({
    defaultValues: EMPTY,
    validate: (v) => ({
      email: !v.email.trim() ? 'Email is required.' : isValidEmail(v.email) ? undefined : 'Please enter a valid email address.',
      firstname: v.firstname.trim() ? undefined : 'First name is required.',
      lastname: v.lastname.trim() ? undefined : 'Last name is required.',
    }),
  });
  const submit = handleSubmit(async (v) => {
    try {
      await invite.mutateAsync({ email: v.email.trim(), firstname: v.firstname.trim(), lastname: v.lastname.trim(), ref: v.ref.trim() });
      notify({ message: 'Applicant invitation sent.', severity: 'success', durationMs: 7500 });
      reset(EMPTY);
    } catch {
      notify({ message: 'Applicant invation NOT sent, please try again or contact support.', severity: 'error', durationMs: 7500 });
    }
  });
  return (
    <Card component="section" aria-labelledby="invite-applicant-title">
      <CardContent>
        <Typography id="invite-applicant-title" component="h3" variant="h6" sx={{ mb: 2 }}>
          Invite Applicant
        </Typography>
        <form noValidate onSubmit={(e) => void submit(e)}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
            <FormTextField<InviteValues, 'email'> control={control} name="email" id="invite-email" label="Email" type="email" required fullWidth size="small" />
            <FormTextField<InviteValues, 'firstname'> control={control} name="firstname" id="invite-firstname" label="First name" required fullWidth size="small" />
            <FormTextField<InviteValues, 'lastname'> control={control} name="lastname" id="invite-lastname" label="Last name" required fullWidth size="small" />
            <FormTextField<InviteValues, 'ref'> control={control} name="ref" id="invite-ref" label={refLabel} fullWidth size="small" />
            <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ flexShrink: 0, minHeight: 40 }}>
              Invite
            </Button>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
