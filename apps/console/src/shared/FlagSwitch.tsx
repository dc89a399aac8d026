import { FormControlLabel, Switch, Typography } from '@mui/material';
import { useNotify, useRecordContext, useResourceContext, useUpdate } from 'react-admin';

/**
 * A switch that saves the moment it is flipped (one PUT with the whole record, as simple-rest updates), shows the
 * stored value again if the API refuses, and says what happened. No Save button: staff toggles act at once.
 */
export function FlagSwitch({
  source,
  label,
  help,
  states,
}: {
  source: string;
  label: string;
  help?: string;
  /** In a table row: the words for on and off (e.g. Published / Draft) instead of the label. */
  states?: [on: string, off: string];
}) {
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
          const what = states ? `${label}: ${!checked ? states[0] : states[1]}` : `${label} turned ${!checked ? 'on' : 'off'}`;
          notify(`${what}${extra.length ? ` (${extra.join(', ')} changed too)` : ''}`, { type: 'success' });
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );

  if (states) {
    return (
      <FormControlLabel
        sx={{ m: 0, gap: 0.5 }}
        onClick={(e) => e.stopPropagation()}
        control={<Switch size="small" checked={checked} onChange={flip} disabled={isPending} slotProps={{ input: { 'aria-label': label } }} />}
        label={
          <Typography component="span" variant="body2" color={checked ? 'text.primary' : 'text.secondary'}>
            {checked ? states[0] : states[1]}
          </Typography>
        }
      />
    );
  }
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0, py: 0.75, gap: 1 }}
      control={<Switch checked={checked} onChange={flip} disabled={isPending} slotProps={{ input: { 'aria-label': label } }} />}
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
