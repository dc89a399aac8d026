import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  FormControlLabel,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { takesInstitute } from '@credence/domain';
import { useMemo, useState, type ReactNode } from 'react';
import type { VerificationListItem } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { useSelectApplicationVerifications, useWalletVerifications } from '@/features/applications/hooks/useApplications';
import { useNotify } from '@/shared/notifications/useNotify';
import { formatDate } from '@/shared/ui/format';
import { MetaLine } from '@/shared/ui/text';

/** On a phone the lists stack, Selected below: the arrows turn to point down and up. */
const Arrow = ({ children }: { children: ReactNode }) => (
  <Box component="span" aria-hidden sx={{ display: 'inline-block', transform: { xs: 'rotate(90deg)', sm: 'none' } }}>
    {children}
  </Box>
);

const label = (v: VerificationListItem) =>
  `${[v.fields.firstname, v.fields.surname].filter(Boolean).join(' ')} - ${v.instituteName ?? v.instituteNames[0] ?? ''}`;

/**
 * 'Select Verifications' (verifications 2.13): a transfer list between the wallet's verifications and those the open
 * application includes; Save sends the Selected ones (PUT application/{id}/verification) and says 'Verification
 * selection saved.'. Nothing changes until Save; a refusal is shown by the API client and the modal stays open.
 */
export function SelectVerificationsDialog({ application, onClose }: { application: ApplicationView; onClose: () => void }) {
  const notify = useNotify();
  const wallet = useWalletVerifications(true);
  const save = useSelectApplicationVerifications(application.id);
  const [selected, setSelected] = useState<string[]>(() => application.verifications.map((v) => v.id));
  const [checked, setChecked] = useState<Set<string>>(new Set());

  const byId = useMemo(() => {
    const all = new Map<string, VerificationListItem>();
    for (const v of application.verifications) all.set(v.id, v);
    // An application that names its institutes takes verifications at those only (2.2; the API refuses others).
    for (const v of wallet.data?.content ?? []) if (takesInstitute({ lockedInstitutes: application.lockedInstitutes ?? [] }, v.instituteId)) all.set(v.id, v);
    return all;
  }, [application.verifications, application.lockedInstitutes, wallet.data]);
  const available = [...byId.keys()].filter((id) => !selected.includes(id));

  const toggle = (id: string) =>
    setChecked((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const move = (ids: string[], toSelected: boolean) => {
    setSelected((s) => (toSelected ? [...s, ...ids] : s.filter((id) => !ids.includes(id))));
    setChecked((c) => new Set([...c].filter((id) => !ids.includes(id))));
  };
  const checkedIn = (ids: string[]) => ids.filter((id) => checked.has(id));

  async function onSave() {
    try {
      await save.mutateAsync(selected);
    } catch {
      return;
    }
    notify({ severity: 'success', title: 'Success', message: 'Verification selection saved.' });
    onClose();
  }

  const column = (title: string, ids: string[], empty: string) => (
    <Card variant="outlined" component="section" aria-labelledby={`transfer-${title}`} sx={{ flex: 1, minWidth: 0 }}>
      <CardContent>
        <Typography id={`transfer-${title}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title} ({ids.length})
        </Typography>
        {ids.length === 0 ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {empty}
          </Typography>
        ) : (
          <List dense aria-label={title} sx={{ maxHeight: 320, overflow: 'auto' }}>
            {ids.flatMap((id) => {
              const v = byId.get(id);
              if (!v) return [];
              return (
                <ListItem key={id} disablePadding>
                  <FormControlLabel
                    sx={{ m: 0, py: 0.5, width: '100%', alignItems: 'flex-start' }}
                    control={<Checkbox size="small" checked={checked.has(id)} onChange={() => toggle(id)} />}
                    label={
                      <Box component="span" sx={{ display: 'block', pt: 0.75 }}>
                        <Typography component="span" sx={{ display: 'block' }}>
                          {label(v)}
                        </Typography>
                        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                          <MetaLine parts={[v.resultLabel ?? v.result, formatDate(v.recorded)]} />
                        </Typography>
                      </Box>
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby="select-verifications-title" fullWidth maxWidth="md">
      <DialogTitle id="select-verifications-title">Select Verifications</DialogTitle>
      <DialogContent>
        {wallet.isPending ? (
          <Skeleton variant="rounded" height={200} aria-label="Loading your verifications" />
        ) : wallet.isError ? (
          <Alert severity="error">Your verifications could not be loaded.</Alert>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
            {column('Verifications', available, 'No other verifications in your wallet.')}
            <Box sx={{ display: 'flex', flexDirection: { xs: 'row', sm: 'column' }, gap: 1, justifyContent: 'center' }}>
              <Button variant="outlined" size="small" disabled={checkedIn(available).length === 0} onClick={() => move(checkedIn(available), true)} aria-label="Move to Selected">
                <Arrow>&gt;</Arrow>
              </Button>
              <Button variant="outlined" size="small" disabled={checkedIn(selected).length === 0} onClick={() => move(checkedIn(selected), false)} aria-label="Move to Verifications">
                <Arrow>&lt;</Arrow>
              </Button>
            </Box>
            {column('Selected', selected, 'No verifications selected.')}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={save.isPending} disabled={wallet.isPending || wallet.isError} onClick={() => void onSave()}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
