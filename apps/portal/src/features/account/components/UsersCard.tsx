import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import { useState } from 'react';
import type { TeamUser } from '@/features/account/api/users';
import { useResendInvitation, useTeam } from '@/features/account/hooks/useTeam';
import { SectionCard } from '@/features/account/components/SectionCard';
import { AddUserDialog, DeleteUserDialog, EditUserDialog } from '@/features/account/components/UserDialogs';
import { useNotify } from '@/shared/notifications/useNotify';

export const USERS_MESSAGES = {
  thisIsYou: 'This is you, please edit your own details in the account section above.',
  resent: 'Email resent',
  notResent: 'Email NOT resent, please contact support.',
} as const;

interface UsersCardProps {
  me: string;
  admin: boolean;
  institute: boolean;
  rolesLabel: string;
  assignableRoles: string[];
}

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; user: TeamUser }
  | { kind: 'delete'; user: TeamUser; from?: TeamUser }
  | null;

/** Spec 2.11 and 6.3: the team, with add, edit, delete and resend for admins. */
export function UsersCard({ me, admin, institute, rolesLabel, assignableRoles }: UsersCardProps) {
  const notify = useNotify();
  const team = useTeam();
  // Loading shows placeholder rows; a failed load (the client has shown the error) lists no one.
  const users: TeamUser[] | null = team.isPending ? null : (team.data ?? []);
  const [open, setOpen] = useState<Open>(null);
  const [selfNote, setSelfNote] = useState(false);
  const resendMutation = useResendInvitation();
  const resending = resendMutation.isPending ? (resendMutation.variables?.username ?? null) : null;
  const roles = { rolesLabel, assignableRoles };

  // The dialogs' mutations have invalidated the team list already.
  const done = () => setOpen(null);

  function edit(user: TeamUser) {
    if (user.username === me) {
      setSelfNote(true);
      return;
    }
    setSelfNote(false);
    setOpen({ kind: 'edit', user });
  }

  async function resend(user: TeamUser) {
    try {
      await resendMutation.mutateAsync(user);
      notify({ severity: 'success', message: USERS_MESSAGES.resent });
    } catch {
      notify({ severity: 'error', title: 'Error', message: USERS_MESSAGES.notResent });
    }
  }

  return (
    <SectionCard
      title="Users"
      description={
        admin
          ? 'Everyone who signs in to your account.'
          : 'Everyone who signs in to your account. Ask an admin to make changes.'
      }
      action={
        admin && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => setOpen({ kind: 'add' })}
          >
            Add a user
          </Button>
        )
      }
    >
      {selfNote && (
        <Alert severity="info" onClose={() => setSelfNote(false)} sx={{ mb: 2 }}>
          {USERS_MESSAGES.thisIsYou}
        </Alert>
      )}
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label="Users"
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } }, '& th': { whiteSpace: 'nowrap' } }}
        >
          <TableHead>
            <TableRow>
              {/* On a phone the last name and the username give way to the role chips and the actions, which were pushed
                  out of the card. */}
              <TableCell>First Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Last Name</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Username</TableCell>
              <TableCell>Role</TableCell>
              {admin && (
                <TableCell sx={{ position: 'relative' }}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {users === null &&
              [0, 1, 2].map((i) => (
                <TableRow key={i}>
                  <TableCell colSpan={admin ? 5 : 4}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))}
            {users?.map((u) => {
              const isMe = u.username === me;
              return (
                <TableRow key={u.username} hover data-username={u.username}>
                  <TableCell>
                    {u.firstname}
                    {isMe && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        (you)
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{u.lastname}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, wordBreak: 'break-all' }}>
                    {u.username}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      <Chip
                        size="small"
                        label={u.pending ? 'Pending' : u.admin ? 'Admin' : 'User'}
                        color={u.pending ? 'warning' : u.admin ? 'primary' : 'default'}
                        variant={u.pending ? 'outlined' : 'filled'}
                      />
                      {(u.customRoles ?? []).map((r) => (
                        <Chip key={r} size="small" label={r} variant="outlined" />
                      ))}
                    </Stack>
                  </TableCell>
                  {admin && (
                    // From the left, so the edit (or resend) button lines up down the rows whether or not a row has a
                    // delete button (you cannot delete yourself).
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {u.pending ? (
                        <Tooltip title="Resend registration e-mail">
                          <span>
                            <IconButton
                              aria-label={`Resend registration e-mail to ${u.username}`}
                              disabled={resending === u.username}
                              onClick={() => void resend(u)}
                            >
                              <ForwardToInboxOutlined fontSize="small" />
                            </IconButton>
                          </span>
                        </Tooltip>
                      ) : (
                        <Tooltip title="Edit">
                          <IconButton aria-label={`Edit ${u.username}`} onClick={() => edit(u)}>
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                      {!isMe && (
                        <Tooltip title="Delete">
                          <IconButton
                            aria-label={`Delete ${u.username}`}
                            onClick={() => setOpen({ kind: 'delete', user: u })}
                          >
                            <DeleteOutline fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {open?.kind === 'add' && (
        <AddUserDialog institute={institute} roles={roles} onClose={() => setOpen(null)} onSaved={done} />
      )}
      {open?.kind === 'edit' && (
        <EditUserDialog
          user={open.user}
          roles={roles}
          onClose={() => setOpen(null)}
          onSaved={done}
          onDelete={() => setOpen({ kind: 'delete', user: open.user, from: open.user })}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteUserDialog
          username={open.user.username}
          onClose={() => setOpen(open.from ? { kind: 'edit', user: open.from } : null)}
          onDeleted={done}
        />
      )}
    </SectionCard>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
