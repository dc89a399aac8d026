import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useNotify, useRecordContext, useResourceContext, useUpdate } from 'react-admin';

/**
 * A switch that saves the moment it is flipped (one PUT with the whole record, as simple-rest updates), shows the
 * stored value again if the API refuses, and says what happened. No Save button: staff toggles act at once.
 */
export function FlagSwitch({ source, label, help }: { source: string; label: string; help?: string }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  const checked = Boolean(record[source]);

  const flip = () =>
    update(
      resource,
      { id: record.id, data: { ...record, [source]: !checked }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: (saved) => {
          const extra = Object.keys(saved).filter((k) => k !== source && typeof saved[k] === 'boolean' && saved[k] !== record[k]);
          notify(`${label} turned ${!checked ? 'on' : 'off'}${extra.length ? ` (${extra.join(', ')} changed too)` : ''}`, { type: 'success' });
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0, py: 0.75, gap: 1 }}
      control={<Switch checked={checked} onChange={flip} disabled={isPending} inputProps={{ 'aria-label': label }} />}
      label={
        <span>
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block', mt: 0.9 }}>
            {label}
          </Typography>
          {help ? (
            <Typography component="span" variant="caption" color="text.secondary">
              {help}
            </Typography>
          ) : null}
        </span>
      }
    />
  );
}
