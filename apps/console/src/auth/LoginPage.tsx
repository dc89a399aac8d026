import { Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify } from 'react-admin';
import { Brand } from '@/layout/Brand';

/** Staff sign-in, branded so it is never mistaken for the customers' portal. */
export function LoginPage() {
  const login = useLogin();
  const notify = useNotify();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await login({ username: username.trim(), password });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), {
        type: 'error',
        autoHideDuration: 7500,
      });
      setPending(false);
    }
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        background: 'linear-gradient(150deg, #101c3d 0%, #16264f 45%, #1f3a7a 100%)',
      }}
    >
      <Brand height={36} />
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 0.5 }}>
            Staff sign-in
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
            The Credence service console. Customers sign in at the portal.
          </Typography>
          <Box component="form" onSubmit={onSubmit} sx={{ display: 'grid', gap: 2.25 }}>
            <TextField
              id="console-username"
              label="Email address / Username"
              name="username"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              variant="outlined"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <TextField
              id="console-password"
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              variant="outlined"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
              Sign in
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
