import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { ShareView } from '@credence/api-contract';
import { shownPublicShare } from '@credence/domain';
import { useState, type FocusEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApplicationsTable, useApplicationsMade } from '@/features/sharing/components/ApplicationsTable';
import { ConfirmDeleteDialog, PrivateShareDialog, PublicShareDialog } from '@/features/sharing/components/ShareDialogs';
import { shareLink, type ShareScope } from '@/features/sharing/api/shares';
import { useCreateShare, useDeleteShare, useShares } from '@/features/sharing/hooks/useShares';
import { useNotify } from '@/shared/notifications/useNotify';
import { formatDate, formatDateTime } from '@/shared/ui/format';
import { visuallyHidden } from '@/shared/ui/visuallyHidden';
import { MetaLine } from '@/shared/ui/text';

const TOAST = 7500;

/** Beyond the spec: who opened it is never shown, only how often and when. */
function activity(s: ShareView): string {
  if (!s.viewCount) return 'Not viewed yet';
  return `Viewed ${s.viewCount} time${s.viewCount === 1 ? '' : 's'}, last ${formatDateTime(s.lastViewed)}`;
}

/** The link onto the clipboard: the Clipboard API, or, where the page is not a secure context (plain http on a
 * network address), the selected link field and the older copy command. False when neither worked. */
async function copyLink(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the field.
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

const expiry = (s: ShareView) => (s.expiresAt ? `Expires after ${formatDate(s.expiresAt)}` : null);

/**
 * The Sharing Center (verifications 2.12) for one verification or the whole wallet: the applications that include
 * it, private shares by e-mail, and the public link (only the first public share is shown). Every text is the
 * spec's; failures to add or delete close the modal silently (8).
 */
export function SharingCenter({ scope }: { scope: ShareScope }) {
  const wallet = scope.kind === 'WALLET';
  const what = wallet ? 'verification wallet' : 'verification';
  const notify = useNotify();
  const shares = useShares(scope);
  const applications = useApplicationsMade(true);
  const create = useCreateShare(scope);
  const remove = useDeleteShare(scope);
  const [privateOpen, setPrivateOpen] = useState(false);
  const [publicOpen, setPublicOpen] = useState(false);
  const [deleting, setDeleting] = useState<ShareView | null>(null);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const list = shares.data ?? [];
  const privates = list.filter((s) => s.type === 'PRIVATE');
  const shown = shownPublicShare(list.map((s) => ({ ...s, revoked: null })), new Date().toISOString());

  const sharePrivately = (email: string, expiresAt: string | null) => {
    create.mutate(
      { type: 'PRIVATE', key: email, expiresAt },
      {
        onSuccess: () => notify({ severity: 'success', message: 'Private share added.', durationMs: TOAST }),
        onSettled: () => setPrivateOpen(false),
      },
    );
  };
  const sharePublicly = (expiresAt: string | null) => {
    create.mutate(
      { type: 'PUBLIC', expiresAt },
      {
        onSuccess: () => notify({ severity: 'success', message: 'Public share added.', durationMs: TOAST }),
        onSettled: () => setPublicOpen(false),
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', message: 'Share deleted.', durationMs: TOAST }),
      onSettled: () => setDeleting(null),
    });
  };
  const copy = async (id: string) => {
    const field = document.getElementById('public-share-link') as HTMLInputElement | HTMLTextAreaElement | null;
    if (await copyLink(shareLink(id), field)) notify({ severity: 'success', message: 'Copied to clipboard', durationMs: TOAST });
    // Not copied: the link stays selected in its field for the user to copy.
    else notify({ severity: 'info', message: 'The link could not be copied for you: it is selected, copy it from the field.', durationMs: TOAST });
  };
  const deleteText = !deleting
    ? null
    : deleting.type === 'PRIVATE'
      ? `Are you sure you want to delete this private share? User ${deleting.key} will no longer be able to view your verification ${wallet ? 'wallet' : 'result'}`
      : `Nobody will be able to view your ${what} any longer.`;

  return (
    <Stack spacing={3} component="section" aria-label="Sharing Center">
      {wallet && (
        <Alert severity="info">Only Verified results from your wallet will be visible to third parties you share it with.</Alert>
      )}
      {/* 2.12's Applications section, 'No applications made.' when there are none (only individuals share). */}
      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Applications
        </Typography>
        {applications.isPending ? (
          <Skeleton height={40} />
        ) : applications.isError ? (
          <Alert severity="error">The applications could not be loaded.</Alert>
        ) : (
          <ApplicationsTable applications={applications.data?.content ?? []} verificationId={wallet ? undefined : scope.id} />
        )}
      </Box>

      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3">
            Private sharing
          </Typography>
          <Button variant="outlined" onClick={() => setPrivateOpen(true)}>
            Privately share
          </Button>
        </Stack>
        {shares.isPending ? (
          <Skeleton height={40} />
        ) : shares.isError ? (
          <Alert severity="error">The shares could not be loaded.</Alert>
        ) : privates.length === 0 ? (
          <Typography color="text.secondary">{`This verification${wallet ? ' wallet' : ''} is not being privately shared with anyone.`}</Typography>
        ) : narrow ? (
          // A phone: one block per share instead of a table wider than the screen.
          <Stack component="ul" aria-label="Private shares" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {privates.map((s) => (
              <Box component="li" key={s.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1.5 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                  <Typography sx={{ wordBreak: 'break-all', fontWeight: 500 }}>{s.key}</Typography>
                  <IconButton aria-label={`Delete the private share with ${s.key}`} onClick={() => setDeleting(s)} size="small">
                    <DeleteOutline />
                  </IconButton>
                </Stack>
                <Typography variant="body2">{s.extra}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <MetaLine parts={[`Shared ${formatDate(s.created)}`, expiry(s), activity(s)]} />
                </Typography>
              </Box>
            ))}
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Private shares">
              <TableHead>
                <TableRow>
                  <TableCell>Email</TableCell>
                  <TableCell>Details</TableCell>
                  <TableCell>Date Shared</TableCell>
                  <TableCell>Activity</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {privates.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{s.key}</TableCell>
                    <TableCell>{s.extra}</TableCell>
                    <TableCell>
                      {formatDate(s.created)}
                      {expiry(s) && (
                        <Typography variant="body2" color="text.secondary">
                          {expiry(s)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{activity(s)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title="Delete">
                        <IconButton aria-label={`Delete the private share with ${s.key}`} onClick={() => setDeleting(s)}>
                          <DeleteOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>

      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Public sharing
        </Typography>
        {shares.isPending ? (
          <Skeleton height={40} />
        ) : shown ? (
          <Stack spacing={1}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                id="public-share-link"
                label="Public link"
                value={shareLink(shown.id)}
                slotProps={{ input: { readOnly: true }, htmlInput: { onFocus: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => e.currentTarget.select() } }}
                size="small"
                // A phone shows the whole link, wrapped, instead of its first 30 characters.
                multiline={narrow}
                sx={narrow ? { '& textarea': { wordBreak: 'break-all' } } : undefined}
                fullWidth
              />
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy(shown.id)}>
                  Copy
                </Button>
                <Button color="error" variant="outlined" startIcon={<DeleteOutline />} onClick={() => setDeleting(shown)}>
                  Delete
                </Button>
              </Stack>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              <MetaLine parts={[`Shared ${formatDate(shown.created)}`, expiry(shown), activity(shown)]} />
            </Typography>
          </Stack>
        ) : (
          <Button variant="outlined" onClick={() => setPublicOpen(true)}>
            Generate public sharing link
          </Button>
        )}
      </Box>

      <PrivateShareDialog open={privateOpen} busy={create.isPending} onCancel={() => setPrivateOpen(false)} onShare={sharePrivately} />
      <PublicShareDialog open={publicOpen} wallet={wallet} busy={create.isPending} onCancel={() => setPublicOpen(false)} onConfirm={sharePublicly} />
      <ConfirmDeleteDialog text={deleteText} busy={remove.isPending} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </Stack>
  );
}

/**
 * The verification view's entry point (2.12 'Sharing Center for one verification'): a collapsible card, closed at
 * first so the result stays the page's subject; '#sharing-center' in the URL opens it.
 */
export function VerificationSharingCenter({ verificationId }: { verificationId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(location.hash === '#sharing-center');
  const toggle = () => {
    setOpen(!open);
    void navigate({ hash: open ? '' : 'sharing-center' }, { replace: true });
  };
  return (
    <Card id="sharing-center">
      <CardContent>
        <Button
          onClick={toggle}
          endIcon={open ? <ExpandLess /> : <ExpandMore />}
          aria-expanded={open}
          aria-controls="verification-sharing-center"
          sx={{ px: 0, typography: 'h6', textTransform: 'none' }}
        >
          Sharing Center
        </Button>
        <Collapse in={open} unmountOnExit>
          <Box id="verification-sharing-center" sx={{ pt: 2 }}>
            <SharingCenter scope={{ kind: 'VERIFICATION', id: verificationId }} />
          </Box>
        </Collapse>
      </CardContent>
    </Card>
  );
}
