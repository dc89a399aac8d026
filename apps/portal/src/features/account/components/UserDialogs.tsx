import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useCallback, type FormEvent } from 'react';
import type { TeamUser } from '@/features/account/api/users';
import { useAddUser, useDeleteUser, useUpdateUser } from '@/features/account/hooks/useTeam';
import { personValues } from '@/features/account/components/AccountCard';
import { PersonFields } from '@/features/account/components/PersonFields';
import { newUserErrors, personErrors, type PersonValues } from '@/features/account/validation';
import { FormStatus } from '@/shared/forms/FormStatus';
import { keepFocus } from '@/shared/forms/keepFocus';
import { useForm } from '@/shared/forms/useForm';
import { useNotify } from '@/shared/notifications/useNotify';

export const USER_DIALOG_TEXT = {
  newCompany: 'New users will be able to submit and review verification requests under your company account',
  newInstitute:
    'New users will be able review and resolve pending verifications as well as submit new requests on behalf of your institute',
} as const;

interface TeamRoles {
  rolesLabel: string;
  assignableRoles: string[];
}

const emptyUser: PersonValues = {
  username: '',
  firstname: '',
  lastname: '',
  phone: '',
  marketing: true,
  notifications: true,
  admin: false,
  customRoles: [],
};

const input = (v: PersonValues) => ({
  username: v.username.trim().toLowerCase(),
  firstname: v.firstname.trim(),
  lastname: v.lastname.trim(),
  phone: v.phone.trim() || null,
  marketing: v.marketing,
  notifications: v.notifications,
  admin: v.admin,
  customRoles: v.customRoles,
});

/** Spec 2.11: 'New User'. */
export function AddUserDialog({
  institute,
  roles,
  onClose,
  onSaved,
}: {
  institute: boolean;
  roles: TeamRoles;
  onClose: () => void;
  onSaved: () => void;
}) {
  const notify = useNotify();
  const add = useAddUser();
  const form = useForm<PersonValues>(emptyUser, newUserErrors);
  // Still saving after success: the dialog closes next, with the list read again behind it.
  const saving = add.isPending || add.isSuccess;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    try {
      const user = input(form.values);
      await add.mutateAsync(user);
      notify({ severity: 'success', message: `${user.firstname} ${user.lastname} added` });
      onSaved();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="add-user-title"
      aria-describedby="add-user-text"
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id="add-user-title">New User</DialogTitle>
        <DialogContent>
          <DialogContentText id="add-user-text" sx={{ mb: 2.5 }}>
            {institute ? USER_DIALOG_TEXT.newInstitute : USER_DIALOG_TEXT.newCompany}
          </DialogContentText>
          <PersonFields form={form} idPrefix="add-user" phoneRequired usernameEditable teamControls={roles} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Box sx={{ flex: '1 1 100%' }}>
            <FormStatus blocked={form.blocked} />
          </Box>
          <Button {...keepFocus} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={form.blocked}>
            Add user
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Spec 2.11: the account card for another user, with Save and Delete, the admin switch and custom roles. */
export function EditUserDialog({
  user,
  roles,
  onClose,
  onSaved,
  onDelete,
}: {
  user: TeamUser;
  roles: TeamRoles;
  onClose: () => void;
  onSaved: () => void;
  onDelete: () => void;
}) {
  const notify = useNotify();
  const update = useUpdateUser();
  const saving = update.isPending || update.isSuccess;
  const form = useForm<PersonValues>(
    personValues(user),
    useCallback((v: PersonValues) => personErrors(v, false), []),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!form.attempt()) return;
    try {
      const next = input(form.values);
      await update.mutateAsync(next);
      notify({ severity: 'success', message: `${next.firstname} ${next.lastname} updated` });
      onSaved();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-user-title" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id="edit-user-title">
          {user.firstname} {user.lastname}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>
            <PersonFields form={form} idPrefix="edit-user" phoneRequired teamControls={roles} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Box sx={{ flex: '1 1 100%' }}>
            <FormStatus blocked={form.blocked} />
          </Box>
          <Button color="error" onClick={onDelete} sx={{ mr: 'auto' }}>
            Delete
          </Button>
          <Button {...keepFocus} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={saving} disabled={saving || form.blocked}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** Spec 2.11: 'Delete User'. */
export function DeleteUserDialog({
  username,
  onClose,
  onDeleted,
}: {
  username: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const notify = useNotify();
  const remove = useDeleteUser();
  const deleting = remove.isPending || remove.isSuccess;

  async function confirm() {
    try {
      await remove.mutateAsync(username);
      notify({ severity: 'success', message: `User ${username} has been deleted.` });
      onDeleted();
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="delete-user-title"
      aria-describedby="delete-user-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-user-title">Delete User</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-user-text">
          Are you sure you want to delete {username}?
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button {...keepFocus} onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" color="error" loading={deleting} onClick={() => void confirm()}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
