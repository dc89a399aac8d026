import {
  Avatar,
  Box,
  Button,
  Chip,
  Divider,
  ListItemIcon,
  ListItemText,
  MenuItem,
  MenuList,
  Popover,
  Typography,
} from '@mui/material';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { balanceText, creditLink } from '@credence/domain';
import { useCreditSummary } from '@/features/credit/hooks/useCreditSummary';
import { useAccessToggles } from '@/features/shell/hooks/useAccessToggles';
import { useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';

interface UserMenuProps {
  onLogout: () => void;
}

/** Spec 2.3: the user drop-down with the username, the balance, the account and credit links, toggles, logout. */
export function UserMenu({ onLogout }: UserMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { claims } = useSession();
  // Money 2.1-2.4: the balance is the cached credit summary; unknown (left out) while loading or after a failure.
  const { credit: currentCredit } = useCreditSummary();
  const facts = useAccountFacts();
  const toggles = useAccessToggles();
  const menuId = useId();
  const username = claims?.sub ?? '';
  const balance = balanceText(facts, currentCredit, claims?.currency);
  const credit = creditLink(facts, currentCredit);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-label={`Account menu for ${username}`}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        endIcon={<ExpandMore />}
        sx={{ px: 1, gap: 0.5, minWidth: 0 }}
      >
        <Avatar
          sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: '0.9rem' }}
          aria-hidden="true"
        >
          {(username[0] ?? '?').toUpperCase()}
        </Avatar>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', sm: 'inline' },
            maxWidth: 220,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {username}
        </Box>
      </Button>
      {/* A popover rather than a Menu: the username and balance head the menu but are not menu items. */}
      <Popover
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, pt: 1.5, pb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {username}
          </Typography>
          {balance && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {balance}
            </Typography>
          )}
        </Box>
        <Divider />
        <MenuList id={menuId} autoFocusItem aria-label="Account menu">
          <MenuItem component={RouterLink} to="/account" onClick={close}>
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>My account</ListItemText>
          </MenuItem>
          {credit && (
            <MenuItem component={RouterLink} to={credit.route} onClick={close}>
              <ListItemIcon>
                <AddCardOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText>{credit.label}</ListItemText>
            </MenuItem>
          )}
          {claims?.isAvatar && (
            <Divider
              component="li"
              textAlign="left"
              sx={{ typography: 'caption', color: 'text.secondary', fontWeight: 600, my: 0.5 }}
            >
              Customer access
            </Divider>
          )}
          {claims?.isAvatar &&
            toggles.items.map((t) => (
              <MenuItem
                key={t.flag}
                disabled={toggles.pending !== null}
                onClick={() => {
                  close();
                  void toggles.toggle(t.flag);
                }}
              >
                <ListItemText>{t.label}</ListItemText>
                <Chip
                  size="small"
                  label={t.on ? 'ON' : 'OFF'}
                  color={t.on ? 'success' : 'default'}
                  sx={{ ml: 2, fontWeight: 700, minWidth: 48 }}
                />
              </MenuItem>
            ))}
          <Divider />
          <MenuItem
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>Logout</ListItemText>
          </MenuItem>
        </MenuList>
      </Popover>
    </>
  );
}
