import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { useCallback, useState, type FormEvent } from 'react';
import type { Account } from '@/features/account/api/account';
import { useUpdateAccount } from '@/features/account/hooks/useAccount';
import { PersonFields } from '@/features/account/components/PersonFields';
import { SectionCard } from '@/features/account/components/SectionCard';
import { UpdatePasswordDialog } from '@/features/account/components/UpdatePasswordDialog';
import { personErrors, type PersonValues } from '@/features/account/validation';
import { FormStatus } from '@/shared/forms/FormStatus';
import { useForm } from '@/shared/forms/useForm';
import { useNotify } from '@/shared/notifications/useNotify';

export function personValues(a: {
  username: string;
  firstname: string;
  lastname: string;
  phone?: string | null;
  marketing?: boolean;
  notifications?: boolean;
  admin?: boolean;
  customRoles?: string[] | null;
}): PersonValues {
  return {
    username: a.username,
    firstname: a.firstname ?? '',
    lastname: a.lastname ?? '',
    phone: a.phone ?? '',
    marketing: a.marketing ?? true,
    notifications: a.notifications ?? true,
    admin: !!a.admin,
    customRoles: a.customRoles ?? [],
  };
}

/** Spec 2.11: the signed-in user's own details and the Change password button. */
export function AccountCard({
  account,
  individual,
  onSaved,
}: {
  account: Account;
  individual: boolean;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const save = useUpdateAccount();
  const saving = save.isPending;
  const [passwordOpen, setPasswordOpen] = useState(false);
  const form = useForm<PersonValues>(
    personValues(account),
    useCallback((v: PersonValues) => personErrors(v, individual), [individual]),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    const v = form.values;
    try {
      await save.mutateAsync({
        username: v.username,
        firstname: v.firstname.trim(),
        lastname: v.lastname.trim(),
        phone: v.phone.trim() || null,
        marketing: v.marketing,
        notifications: v.notifications,
      });
      notify({ severity: 'success', message: `${v.firstname.trim()} ${v.lastname.trim()} updated` });
      onSaved();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <SectionCard
      title="Your account"
      description="Your name and contact details, and the e-mails you receive."
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <PersonFields form={form} idPrefix="account" phoneRequired={!individual} />
        <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={saving} disabled={saving || form.blocked}>
            Save
          </Button>
        </Stack>
        <Box sx={{ mt: 1 }}>
          <FormStatus blocked={form.blocked} />
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
            Password
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Change the password you sign in with.
          </Typography>
        </Box>
        <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setPasswordOpen(true)}>
          Change
        </Button>
      </Box>
      <UpdatePasswordDialog
        username={account.username}
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
      />
    </SectionCard>
  );
}
