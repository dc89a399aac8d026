import {
  Box,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  TextField,
  Typography,
  type TextFieldProps,
} from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useId, useState } from 'react';
import { checkPassword, PASSWORD_HINT } from '@credence/domain';

type PasswordFieldProps = TextFieldProps & {
  /** Shows the live hint of spec 5.3 under the field. */
  hint?: boolean;
};

/** A password input with a show/hide button and, for new passwords, the live hint. */
export function PasswordField({ hint = false, value, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const hintId = useId();
  const ownId = useId();
  const id = props.id ?? ownId;
  // The hint joins the helper text (an error) in the description, rather than replacing it.
  const describedBy = [props.helperText ? `${id}-helper-text` : null, hint ? hintId : null]
    .filter(Boolean)
    .join(' ');
  const password = typeof value === 'string' ? value : '';
  const checks = checkPassword(password);

  return (
    <Box>
      <TextField
        {...props}
        id={id}
        value={value}
        type={visible ? 'text' : 'password'}
        slotProps={{
          ...props.slotProps,
          htmlInput: { 'aria-describedby': describedBy || undefined },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={visible ? 'Hide password' : 'Show password'}
                  aria-pressed={visible}
                  onClick={() => setVisible((v) => !v)}
                  edge="end"
                >
                  {visible ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {hint && (
        <Box id={hintId} sx={{ mt: 1, px: 1.5, py: 1, bgcolor: '#f4f6fa', borderRadius: 1.5 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600 }}>
            Your password needs
          </Typography>
          <List dense disablePadding aria-live="polite">
            {PASSWORD_HINT.map((item) => {
              const met = password !== '' && checks[item.check];
              return (
                <ListItem key={item.text} disableGutters sx={{ py: 0 }}>
                  <ListItemIcon sx={{ minWidth: 24 }}>
                    {met ? (
                      <CheckCircle sx={{ fontSize: 16, color: 'success.main' }} titleAccess="met" />
                    ) : (
                      <RadioButtonUnchecked
                        sx={{ fontSize: 16, color: 'text.secondary' }}
                        titleAccess="not met"
                      />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={item.text}
                    slotProps={{
                      primary: {
                        variant: 'caption',
                        sx: { color: met ? 'success.dark' : 'text.secondary' },
                      },
                    }}
                  />
                </ListItem>
              );
            })}
          </List>
        </Box>
      )}
    </Box>
  );
}
