import {
  Badge,
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Toolbar,
} from '@mui/material';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { NavLink, useLocation } from 'react-router';
import { NavIcon } from '@/app/shell/NavIcon';
import { navEntries, type NavEntry } from '@/app/shell/navEntries';
import { Logo } from '@/shared/layout/Logo';
import { useAccountFacts } from '@/shared/session/account';
import { useShellCounters } from '@/features/shell/hooks/useShellCounters';

interface SidebarProps {
  onNavigate: () => void;
  onLogout: () => void;
}

/** Spec 2.3: the sidebar, titled with the product name, with the entries this account may see. */
export function Sidebar({ onNavigate, onLogout }: SidebarProps) {
  const facts = useAccountFacts();
  const counters = useShellCounters();
  const { pathname } = useLocation();
  const current = pathname.toLowerCase();

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <Logo height={30} />
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label="Main" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        <List dense disablePadding>
          {navEntries(facts, counters).map((entry) => (
            <ListItem key={entry.key} disablePadding sx={{ display: 'block' }}>
              {entryButton(entry)}
            </ListItem>
          ))}
        </List>
      </Box>
    </Box>
  );

  function entryButton(entry: NavEntry) {
    const icon = (
      <ListItemIcon>
        <NavIcon name={entry.key} />
      </ListItemIcon>
    );
    const badge = entry.badge && (
      <Badge
        badgeContent={entry.badge}
        color={entry.key === 'verificationHistory' ? 'warning' : 'secondary'}
        max={100000}
        sx={{ mr: 2, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
        slotProps={{ badge: { 'aria-label': entry.badgeLabel } as object }}
      />
    );
    if (entry.key === 'logout') {
      return (
        <ListItemButton key={entry.key} onClick={onLogout} sx={navItemSx}>
          {icon}
          <ListItemText primary={entry.label} />
        </ListItemButton>
      );
    }
    if (entry.external) {
      return (
        <ListItemButton
          key={entry.key}
          component="a"
          href={entry.to}
          target="_blank"
          rel="noopener noreferrer"
          sx={navItemSx}
        >
          {icon}
          <ListItemText primary={entry.label} />
          <OpenInNew sx={{ fontSize: 16, color: 'text.secondary' }} titleAccess="opens in a new tab" />
        </ListItemButton>
      );
    }
    const to = entry.to ?? '/';
    const selected = current === to || current.startsWith(`${to}/`);
    return (
      <ListItemButton
        key={entry.key}
        component={NavLink}
        to={to}
        selected={selected}
        aria-current={selected ? 'page' : undefined}
        onClick={onNavigate}
        sx={navItemSx}
      >
        {icon}
        <ListItemText primary={entry.label} />
        {badge}
      </ListItemButton>
    );
  }
}

const navItemSx = {
  mx: 1,
  my: 0.25,
  borderRadius: 2,
  minHeight: 40,
  '& .MuiListItemIcon-root': { minWidth: 36, color: 'text.secondary' },
  '& .MuiListItemText-primary': { fontWeight: 500, fontSize: '0.9rem' },
  '&.Mui-selected': {
    color: 'primary.main',
    bgcolor: 'rgba(31, 58, 122, 0.08)',
    '& .MuiListItemIcon-root': { color: 'primary.main' },
    '& .MuiListItemText-primary': { fontWeight: 650 },
  },
} as const;
