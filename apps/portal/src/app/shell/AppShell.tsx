import {
  Alert,
  AppBar,
  Box,
  Drawer,
  IconButton,
  Stack,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import SupervisorAccountOutlined from '@mui/icons-material/SupervisorAccountOutlined';
import { useEffect, useState } from 'react';
import { Outlet, useMatches } from 'react-router';
import { needsTermsAcceptance, needsWelcome } from '@credence/domain';
import { Sidebar } from '@/app/shell/Sidebar';
import { UserMenu } from '@/app/shell/UserMenu';
import { TOP_ANCHOR_ID } from '@/app/useScrollToTop';
import { LogoutDialog } from '@/features/auth/components/LogoutDialog';
import { useAccount } from '@/features/account/hooks/useAccount';
import { useDashboardNotices } from '@/features/shell/hooks/useDashboardNotices';
import { TermsModal } from '@/features/shell/components/TermsModal';
import { WelcomeModal } from '@/features/shell/components/WelcomeModal';
import { AUTO_LOGOUT_CHECK_MS } from '@/shared/config';
import { Footer } from '@/shared/layout/Footer';
import { routeHandle } from '@/shared/routing/routeHandle';
import { expireSession, isPastAutoLogout } from '@/shared/session/refresh';
import { useSession } from '@/shared/session/useSession';

const DRAWER_WIDTH = 280;

/**
 * The logged-in shell of spec 2.3: sidebar, top bar with the route name, content, footer, entry modals. What it
 * shows from the server (account, notices, badges, balance) comes from query hooks; each part that fails is left out.
 */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { claims } = useSession();
  const handle = routeHandle(useMatches());
  // '/' only redirects: its name is not worth flashing in the top bar.
  const name = handle?.name === 'redirect' ? '' : handle?.name;
  const title = (claims?.isIndividual && handle?.individualName) || name || '';
  useAutoLogout();

  useEffect(() => {
    document.title = title ? `${title} · Credence` : 'Credence';
  }, [title]);

  const openLogout = () => {
    setMobileOpen(false);
    setLogoutOpen(true);
  };
  const sidebar = <Sidebar onNavigate={() => setMobileOpen(false)} onLogout={openLogout} />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <Box
        component="a"
        href="#content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </Box>
      <AppBar
        position="fixed"
        color="inherit"
        sx={{
          width: { md: `calc(100% - ${DRAWER_WIDTH}px)` },
          ml: { md: `${DRAWER_WIDTH}px` },
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <ImpersonationBanner />
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          <UserMenu onLogout={openLogout} />
        </Toolbar>
      </AppBar>
      <Box component="aside" sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {desktop ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}>
            {sidebar}
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            {sidebar}
          </Drawer>
        )}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {claims?.isAvatar && <Box sx={{ height: 40 }} />}
        <Box
          component="main"
          id="content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, outline: 'none', width: '100%', maxWidth: 1200, mx: 'auto' }}
        >
          <span id={TOP_ANCHOR_ID} />
          <Notices />
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
      <EntryModals />
    </Box>
  );
}

/** Spec 2.3 and 6.6: a staff administrator acting as a customer always sees so. */
function ImpersonationBanner() {
  const { claims } = useSession();
  const { data: account } = useAccount();
  if (!claims?.isAvatar) return null;
  const name = account ? `${account.firstname} ${account.lastname}`.trim() : (claims.sub ?? '');
  return (
    <Box
      role="status"
      sx={{
        height: 40,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        bgcolor: '#92400e',
        color: '#fff',
        fontSize: '0.875rem',
        fontWeight: 600,
      }}
    >
      <SupervisorAccountOutlined fontSize="small" aria-hidden="true" />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        Admin on behalf of {name}
      </Box>
    </Box>
  );
}

/** Spec 2.3: dashboard notices as warning banners. */
function Notices() {
  const notices = useDashboardNotices();
  if (notices.length === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {notices.map((n, i) => (
        <Alert key={i} severity="warning" variant="outlined" role="note" sx={{ bgcolor: 'background.paper' }}>
          {n.message}
        </Alert>
      ))}
    </Stack>
  );
}

/** Spec 2.3: the terms modal first when the terms are out of date, otherwise the welcome modal when due. */
function EntryModals() {
  const { claims } = useSession();
  const { data: account } = useAccount();
  const [dismissed, setDismissed] = useState<'terms' | 'welcome' | null>(null);
  if (!account || !claims) return null;
  if (needsTermsAcceptance(claims.tcsVersion) && dismissed === null) {
    return <TermsModal account={account} onDone={() => setDismissed('terms')} />;
  }
  // Accepting the terms acknowledges the welcome message too (interuptMessageAck is sent with them).
  if (needsWelcome(claims.interuptMessageAck) && dismissed === null) {
    return <WelcomeModal account={account} onDone={() => setDismissed('welcome')} />;
  }
  return null;
}

/** Spec 4.1: every 10 s, a session past its auto-logout time is ended and the user sent to /login?expired=true. */
function useAutoLogout() {
  useEffect(() => {
    const timer = setInterval(() => {
      if (isPastAutoLogout()) expireSession();
    }, AUTO_LOGOUT_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
}
