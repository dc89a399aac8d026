import {
  Box,
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Switch,
  TextField,
} from '@mui/material';
import type { PersonValues } from '@/features/account/validation';
import type { useForm } from '@/shared/forms/useForm';

type PersonForm = ReturnType<typeof useForm<PersonValues>>;

interface PersonFieldsProps {
  form: PersonForm;
  idPrefix: string;
  /** Phone is required except for individuals (spec 5.5). */
  phoneRequired: boolean;
  /** The username is the e-mail: editable only when adding a user. */
  usernameEditable?: boolean;
  /** The admin switch and custom roles, for admins editing or adding other users. */
  teamControls?: { rolesLabel: string; assignableRoles: string[] } | null;
  readOnly?: boolean;
}

/** The fields of the account card (spec 2.11), shared by the user's own card and the user dialogs. */
export function PersonFields({
  form,
  idPrefix,
  phoneRequired,
  usernameEditable = false,
  teamControls,
  readOnly,
}: PersonFieldsProps) {
  const v = form.values;
  const ro = { input: { readOnly } };
  return (
    <Box sx={{ display: 'grid', gap: 2.25 }}>
      {usernameEditable ? (
        <TextField
          id={`${idPrefix}-username`}
          label="Email"
          type="email"
          required
          autoComplete="off"
          {...form.text('username', (raw) => raw.toLowerCase())}
        />
      ) : (
        <TextField
          id={`${idPrefix}-username`}
          label="Username"
          value={v.username}
          slotProps={{ input: { readOnly: true } }}
          helperText="Your e-mail address; it cannot be changed"
        />
      )}
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          id={`${idPrefix}-firstname`}
          label="First name"
          required
          slotProps={ro}
          {...form.text('firstname')}
        />
        <TextField
          id={`${idPrefix}-lastname`}
          label="Last name"
          required
          slotProps={ro}
          {...form.text('lastname')}
        />
      </Box>
      <TextField
        id={`${idPrefix}-phone`}
        label="Phone"
        type="tel"
        required={phoneRequired}
        slotProps={ro}
        {...form.text('phone')}
      />
      <FormGroup>
        <FormControlLabel
          control={
            <Switch
              checked={v.marketing}
              disabled={readOnly}
              onChange={(e) => form.set('marketing', e.target.checked)}
            />
          }
          label="Marketing e-mails"
        />
        <FormControlLabel
          control={
            <Switch
              checked={v.notifications}
              disabled={readOnly}
              onChange={(e) => form.set('notifications', e.target.checked)}
            />
          }
          label="Verification progress notifications"
        />
      </FormGroup>
      {teamControls && (
        <>
          <Box>
            <FormControlLabel
              control={<Switch checked={v.admin} onChange={(e) => form.set('admin', e.target.checked)} />}
              label="Admin"
              aria-describedby={`${idPrefix}-admin-help`}
            />
            <FormHelperText id={`${idPrefix}-admin-help`} sx={{ mt: -0.5 }}>
              Admin users will be able to view and change company details as well as add more users.
            </FormHelperText>
          </Box>
          {teamControls.assignableRoles.length > 0 && (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend">{teamControls.rolesLabel}</FormLabel>
              <FormHelperText sx={{ mt: 0 }}>
                Assign a {teamControls.rolesLabel} to manage a users permissions.
              </FormHelperText>
              <FormGroup row>
                {teamControls.assignableRoles.map((role) => (
                  <FormControlLabel
                    key={role}
                    label={role}
                    control={
                      <Checkbox
                        checked={v.customRoles.includes(role)}
                        onChange={(e) =>
                          form.set(
                            'customRoles',
                            e.target.checked
                              ? [...v.customRoles, role]
                              : v.customRoles.filter((r) => r !== role),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
