import Block from '@mui/icons-material/Block';
import Comment from '@mui/icons-material/ChatBubbleOutline';
import Gavel from '@mui/icons-material/Gavel';
import HourglassTop from '@mui/icons-material/HourglassTop';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  TextField,
  Typography,
} from '@mui/material';
import { RESOLUTION_RESULTS } from '@credence/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '@/dataProvider';

/** The three buttons of the resolve page (verifications.md 2.11), with what each means. */
const RESOLUTIONS: Record<(typeof RESOLUTION_RESULTS)[number], { label: string; help: string }> = {
  VERIFIED: { label: 'Verified', help: 'The details, with any corrections and comments, are correct.' },
  REJECTED: { label: 'Reject', help: 'Return the request to the enquirer to review and update it (e.g. invalid consent form).' },
  NOT_VERIFIED: { label: 'Not Verified', help: 'The details are incorrect and no corrections or comments can be made.' },
};

const FINAL = ['VERIFIED', 'NOT_VERIFIED', 'CANCELLED', 'DELETED'];
const isPending = (result?: string) => result === 'PENDING' || Boolean(result?.startsWith('RESOLVE'));

function useStaffDefaults(open: boolean) {
  const [processes, setProcesses] = useState<string[] | null>(null);
  const [me, setMe] = useState<{ name: string; title: string }>({ name: '', title: '' });
  useEffect(() => {
    if (!open) return;
    httpClient('/v1/approvalprocess').then(
      ({ json }) => setProcesses(Array.isArray(json) ? json.map(String) : []),
      () => setProcesses([]),
    );
    httpClient('/v1/account').then(
      ({ json }) => setMe({ name: [json?.firstname, json?.lastname].filter(Boolean).join(' '), title: json?.title ?? '' }),
      () => undefined,
    );
  }, [open]);
  return { processes, me };
}

/**
 * Resolve as staff: the same command as the institute's resolve page (PUT /v1/verification/pending/{id}), with
 * the approval process required of staff ('Resolved By Process').
 */
export function ResolveButton() {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string>('');
  const [notes, setNotes] = useState('');
  const [name, setName] = useState('');
  const [title, setTitle] = useState('');
  const [abp, setAbp] = useState('');
  const [saving, setSaving] = useState(false);
  const { processes, me } = useStaffDefaults(open);
  useEffect(() => {
    setName((n) => n || me.name);
    setTitle((t) => t || me.title);
  }, [me]);
  if (!record || !isPending(record.result as string)) return null;
  const valid = Boolean(result && name.trim() && title.trim() && abp);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    try {
      await httpClient(`/v1/verification/pending/${encodeURIComponent(String(record.id))}`, {
        method: 'PUT',
        body: JSON.stringify({ result, notes: notes.trim() || null, approvedByName: name.trim(), approvedByTitle: title.trim(), abp }),
      });
      notify('Verification resolved, thank you.', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      notify((e as Error).message, { type: 'error', autoHideDuration: 7500 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<Gavel />} onClick={() => setOpen(true)}>
        Resolve
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" component="form" onSubmit={(e: FormEvent) => void submit(e)}>
        <DialogTitle>Resolve {String(record.id)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormControl required>
            <Typography variant="subtitle2" component="legend">
              Resolution
            </Typography>
            <RadioGroup value={result} onChange={(e) => setResult(e.target.value)}>
              {RESOLUTION_RESULTS.map((r) => (
                <FormControlLabel
                  key={r}
                  value={r}
                  control={<Radio />}
                  label={
                    <span>
                      <strong>{RESOLUTIONS[r].label}</strong>
                      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                        {RESOLUTIONS[r].help}
                      </Typography>
                    </span>
                  }
                  sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.5 } }}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField label="Your name" required value={name} onChange={(e) => setName(e.target.value)} />
            <TextField label="Job title / department" required value={title} onChange={(e) => setTitle(e.target.value)} />
          </Box>
          <FormControl required>
            <InputLabel id="abp-label">Resolved By Process</InputLabel>
            <Select labelId="abp-label" label="Resolved By Process" value={abp} onChange={(e) => setAbp(String(e.target.value))}>
              {(processes ?? []).map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </Select>
            {processes && !processes.length ? <FormHelperText error>No active approval process: add one under Approval processes.</FormHelperText> : null}
          </FormControl>
          <TextField label="Comments or corrections" multiline minRows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!valid} loading={saving}>
            Resolve
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * A staff command with a text: cancel (CancelVerification, a reason), mark delayed at source (MarkUnable, a note)
 * or an admin comment on the timeline (AddAdminComment), through POST /admin/verifications/{id}/{action}.
 */
function CommandButton({ action, label, icon, field, when, done, color, required = false }: {
  action: 'cancel' | 'unable' | 'comment';
  label: string;
  icon: React.ReactNode;
  field: 'reason' | 'note' | 'comment';
  when: (result: string) => boolean;
  done: string;
  color: 'error' | 'warning' | 'primary';
  required?: boolean;
}) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  if (!record || !when(String(record.result ?? ''))) return null;
  const run = async () => {
    setSaving(true);
    try {
      await httpClient(`/admin/verifications/${encodeURIComponent(String(record.id))}/${action}`, {
        method: 'POST',
        body: JSON.stringify({ [field]: text.trim() || null }),
      });
      notify(done, { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      const status = (e as { status?: number }).status;
      notify(status === 404 ? `Not available yet: the verifications API does not answer POST /admin/verifications/{id}/${action}.` : (e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button variant="outlined" color={color} startIcon={icon} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{action === 'comment' ? label : `${label}?`}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            label={{ reason: 'Reason', note: 'Note for the customer', comment: 'Comment' }[field]}
            required={required}
            fullWidth
            multiline
            minRows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Back</Button>
          <Button variant="contained" color={color} onClick={() => void run()} loading={saving} disabled={required && !text.trim()}>
            {label}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export const CancelVerificationButton = () => (
  <CommandButton action="cancel" label="Cancel verification" icon={<Block />} field="reason" color="error" done="Verification cancelled." when={(r) => !FINAL.includes(r)} />
);

export const MarkDelayedButton = () => (
  <CommandButton action="unable" label="Mark delayed at source" icon={<HourglassTop />} field="note" color="warning" done="Marked as Delayed at Source." when={(r) => r === 'PENDING'} />
);

export const CommentButton = () => (
  <CommandButton action="comment" label="Add comment" icon={<Comment />} field="comment" color="primary" done="Comment added to the timeline." when={() => true} required />
);
