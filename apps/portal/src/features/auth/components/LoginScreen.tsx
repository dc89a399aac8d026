import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  Link,
  TextField,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { LOGIN_MESSAGES, useLogin } from '@/features/auth/hooks/useLogin';
import { NotFoundScreen } from '@/features/system/components/NotFoundScreen';
import { PublicCard } from '@/shared/layout/PublicCard';
import { usePublicContext } from '@/shared/public/PublicContext';
import { altBrandPartner, partnerOfPath } from '@/shared/public/partnerLogin';
import { isAltBranding } from '@/shared/public/publicParams';

interface LoginScreenProps {
  /** The partner-branded login (/login/{partner}) shows the partner's logo and no 'Register for free' card. */
  partnerBranded?: boolean;
}

/** Spec 2.5. */
export function LoginScreen({ partnerBranded = false }: LoginScreenProps) {
  const [params] = useSearchParams();
  const impersonate = params.get('impersonate') ?? '';
  const expired = params.get('expired') === 'true';
  const { params: publicParams, branding, setBranding } = usePublicContext();
  const atid = publicParams.atid;
  const { submit, pending } = useLogin();
  const { pathname } = useLocation();
  // Access 2.1: the partner-branded login 'uses the partner logo'; so do the alternative-branded host's.
  const partner = partnerBranded ? partnerOfPath(pathname) : null;
  const brand = partner ?? altBrandPartner(window.location.hostname);
  const partnerLogo = brand?.logo ?? null;
  const partnerName = brand?.name ?? null;
  useEffect(() => {
    if (!partnerLogo) return;
    setBranding({ ownerLogo: null, partnerLogo, partnerName });
    return () => setBranding({ ownerLogo: null, partnerLogo: null });
  }, [partnerLogo, partnerName, setBranding]);
  // Spec 2.5: no 'Register for free' under a partner logo or the alternative branding.
  const showRegister = !partnerBranded && !branding.partnerLogo && !isAltBranding(window.location.hostname);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const usernameError = attempted && username.trim() === '' ? 'Email address / Username is required' : '';
  const passwordError = attempted && password === '' ? 'Password is required' : '';
  const invalid = !!usernameError || !!passwordError;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    // Take keyboard and screen-reader users straight to what needs fixing.
    if (username.trim() === '') return usernameRef.current?.focus();
    if (password === '') return passwordRef.current?.focus();
    void submit({ username: username.trim(), password, ...(impersonate ? { impersonate } : {}) });
  }

  // Access 2.1: any other path is Not Found, /login/{a segment no partner has} among them.
  if (partnerBranded && !partner) return <NotFoundScreen />;

  return (
    <>
      <PublicCard
        title={impersonate ? 'Impersonate' : 'Login'}
        subtitle={
          impersonate ? (
            <>
              Log in with your admin credentials. You will be impersonating <strong>{impersonate}</strong>;
              the session lasts 15 min.
            </>
          ) : (
            'Welcome back. Sign in to order and track your verifications.'
          )
        }
      >
        {expired && (
          <Alert severity="warning" sx={{ mb: 2.5 }}>
            {LOGIN_MESSAGES.expired}
          </Alert>
        )}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.25 }}>
          <TextField
            id="login-username"
            label="Email address / Username"
            name="username"
            autoComplete="username"
            autoFocus
            inputRef={usernameRef}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            error={!!usernameError}
            helperText={usernameError || undefined}
          />
          <TextField
            id="login-password"
            label="Password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            inputRef={passwordRef}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!passwordError}
            helperText={passwordError || undefined}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? 'Hide password' : 'Show password'}
                      aria-pressed={showPassword}
                      onClick={() => setShowPassword((s) => !s)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
            <Link component={RouterLink} to="/login/reset" variant="body2">
              Forgot your password?
            </Link>
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            loading={pending}
            disabled={invalid}
          >
            Login
          </Button>
          {invalid && (
            <Typography variant="body2" color="error" role="alert" sx={{ mt: -1, textAlign: 'center' }}>
              Please resolve the errors above.
            </Typography>
          )}
        </Box>
      </PublicCard>
      {showRegister && (
        <Card>
          <CardContent
            sx={{
              p: { xs: 2.5, sm: 3 },
              '&:last-child': { pb: { xs: 2.5, sm: 3 } },
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 2,
              flexWrap: 'wrap',
            }}
          >
            <Typography component="h2" variant="h6">
              Don't have an account?
            </Typography>
            <Button
              component={RouterLink}
              to={atid !== null ? `/login/register?atid=${encodeURIComponent(atid)}` : '/login/register'}
              variant="outlined"
              color="secondary"
            >
              Register for free
            </Button>
          </CardContent>
        </Card>
      )}
    </>
  );
}
