import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useRequestInstitute } from '@/features/ordering/hooks/useOrder';
import { useNotify } from '@/shared/notifications/useNotify';

const LIMITS = { name: 200, country: 200, comment: 1000 } as const;

/** Request a new institute (verifications 2.7): Name, Country, Additional Information with counters. */
export function RequestInstituteDialog({ onClose, initialName }: { onClose: () => void; initialName: string }) {
  const [values, setValues] = useState({ name: initialName.slice(0, LIMITS.name), country: '', comment: '' });
  const request = useRequestInstitute();
  const notify = useNotify();
  const field = (key: keyof typeof values, label: string, multiline = false) => (
    <TextField
      label={label}
      value={values[key]}
      required={key !== 'comment'}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value.slice(0, LIMITS[key]) }))}
      helperText={`${values[key].length}/${LIMITS[key]}`}
      fullWidth
    />
  );
  const send = async () => {
    try {
      await request.mutateAsync(values);
    } catch {
      return;
    }
    notify({ severity: 'success', title: 'Success', message: 'Institute request sent' });
    onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="request-institute-title" fullWidth maxWidth="sm">
      <DialogTitle id="request-institute-title">Request a new institute</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name', 'Name')}
          {field('country', 'Country')}
          {field('comment', 'Additional Information', true)}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" loading={request.isPending} disabled={!values.name.trim() || !values.country.trim()} onClick={() => void send()}>
          Submit
        </Button>
      </DialogActions>
    </Dialog>
  );
}
