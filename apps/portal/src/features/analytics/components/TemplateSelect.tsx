import { Checkbox, FormControl, InputLabel, ListItemText, MenuItem, Select } from '@mui/material';
import type { AnalyticsTemplateView } from '@credence/api-contract';

/** The application templates multi-select of the Applications tab and the reports dialog (money 2.15, 2.16). */
export function TemplateSelect({
  templates,
  value,
  onChange,
  id = 'analytics-templates',
}: {
  templates: readonly AnalyticsTemplateView[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  id?: string;
}) {
  const names = new Map(templates.map((t) => [t.id, t.name]));
  return (
    <FormControl size="small" sx={{ maxWidth: 480, width: '100%' }}>
      <InputLabel id={`${id}-label`}>Applications</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        multiple
        value={[...value]}
        label="Applications"
        onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
        renderValue={(ids) => ids.map((i) => names.get(i) ?? i).join(', ')}
      >
        {templates.map((t) => (
          <MenuItem key={t.id} value={t.id}>
            <Checkbox checked={value.includes(t.id)} inputProps={{ 'aria-hidden': true }} tabIndex={-1} />
            <ListItemText primary={t.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

