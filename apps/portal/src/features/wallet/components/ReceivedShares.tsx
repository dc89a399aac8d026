import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useReceivedShares } from '@/features/sharing/hooks/useShares';
import { formatDate } from '@/shared/ui/format';

/** What others share privately with this account's e-mail (beyond the spec: where an invitee finds it again). */
export function ReceivedShares() {
  const received = useReceivedShares();
  const shares = received.data ?? [];
  if (!shares.length) return null;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Shared with you
        </Typography>
        <List disablePadding>
          {shares.map((s) => (
            <ListItem key={s.id} disableGutters divider>
              <Link component={RouterLink} to={`/view/${encodeURIComponent(s.id)}`}>
                {`${s.ownerName}: ${s.target === 'WALLET' ? 'verified wallet' : 'a verification'}, shared ${formatDate(s.created)}`}
              </Link>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
