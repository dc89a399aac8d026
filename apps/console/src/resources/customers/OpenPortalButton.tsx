import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useGetManyReference, useRecordContext } from 'react-admin';

/** The portal's impersonation sign-in for a user (access.md 2.5, 6.6). */
export const impersonationUrl = (username: string) => `/login?impersonate=${encodeURIComponent(username)}`;

/**
 * 'Open portal as…': picks one of the customer's active users and opens the portal's login in impersonation
 * mode in a new tab, where the staff member signs in with their own credentials (a 15-minute session).
 */
export function OpenPortalButton() {
  const record = useRecordContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { data = [], isPending } = useGetManyReference(
    'users',
    { target: 'companyId', id: record?.id, pagination: { page: 1, perPage: 100 }, sort: { field: 'username', order: 'ASC' }, filter: { disabled: false, pending: false } },
    { enabled: Boolean(record) },
  );
  if (!record) return null;
  const open = (username: string) => {
    window.open(impersonationUrl(username), '_blank', 'noopener');
    setAnchor(null);
  };
  return (
    <>
      <Button
        variant="contained"
        color="primary"
        startIcon={<OpenInNew />}
        disabled={isPending || data.length === 0}
        onClick={(e) => (data.length === 1 ? open(data[0].username) : setAnchor(e.currentTarget))}
        aria-haspopup={data.length > 1 ? 'menu' : undefined}
        title={data.length === 0 ? 'This customer has no active user to act as.' : undefined}
      >
        Open portal as…
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {data.map((u) => (
          <MenuItem key={u.id} onClick={() => open(u.username)}>
            <ListItemText primary={`${u.firstname} ${u.lastname}`} secondary={`${u.username}${u.admin ? ' · admin' : ''}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
