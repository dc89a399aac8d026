import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { routeHandle } from '@/shared/routing/routeHandle';
import { LogoutDialog } from '@/features/auth/components/LogoutDialog';
import { Footer } from '@/shared/layout/Footer';
import { Logo } from '@/shared/layout/Logo';
import { NavIcon } from '@/app/shell/NavIcon';
import { navEntries } from '@/app/shell/navEntries';
import { useSession } from '@/shared/session/useSession';

const DRAWER_WIDTH = 264;

/** The logged-in shell of spec 2.3: sidebar, top bar with the route name, content, footer. */
export function AppShell() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [mobileOpen, setMobileOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const { claims } = useSession();
  const handle = routeHandle(useMatches());
  const { pathname } = useLocation();
  const title = (claims?.isIndividual && handle?.individualName) || handle?.name || '';

  const sidebar = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <Logo height={30} />
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        <List dense disablePadding>
          {navEntries(claims ?? {}).map((entry) =>
            entry.external ? (
              <ListItemButton
                key={entry.label}
                component="a"
                href={entry.to}
                target="_blank"
                rel="noopener noreferrer"
                sx={navItemSx}
              >
                <ListItemIcon>
                  <NavIcon name={entry.icon} />
                </ListItemIcon>
                <ListItemText primary={entry.label} />
                <OpenInNew sx={{ fontSize: 16, color: 'text.secondary' }} aria-label="opens in a new tab" />
              </ListItemButton>
            ) : (
              <ListItemButton
                key={entry.label}
                component={NavLink}
                to={entry.to}
                selected={pathname === entry.to || pathname.startsWith(`${entry.to}/`)}
                onClick={() => setMobileOpen(false)}
                sx={navItemSx}
              >
                <ListItemIcon>
                  <NavIcon name={entry.icon} />
                </ListItemIcon>
                <ListItemText primary={entry.label} />
              </ListItemButton>
            ),
          )}
          <ListItemButton onClick={() => setLogoutOpen(true)} sx={navItemSx}>
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </List>
      </Box>
    </Box>
  );

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
        <Toolbar sx={{ gap: 1 }}>
          {!desktop && (
            <IconButton edge="start" aria-label="Open menu" onClick={() => setMobileOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flex: 1 }}>
            {title}
          </Typography>
          {claims?.sub && (
            <Typography
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ display: { xs: 'none', sm: 'block' } }}
            >
              {claims.sub}
            </Typography>
          )}
          <Button color="inherit" startIcon={<LogoutOutlined />} onClick={() => setLogoutOpen(true)}>
            Logout
          </Button>
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
        <Box
          component="main"
          id="content"
          tabIndex={-1}
          sx={{ flex: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}
        >
          <Outlet />
        </Box>
        <Footer />
      </Box>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </Box>
  );
}

const navItemSx = {
  mx: 1,
  borderRadius: 2,
  '& .MuiListItemIcon-root': { minWidth: 36 },
  '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
} as const;
