import Dashboard from '@mui/icons-material/SpaceDashboardOutlined';
import { Box, Typography } from '@mui/material';
import { Menu, useSidebarState } from 'react-admin';

/** Sections of the sidebar: who the customers are, what they verify, money, what they read, how the service runs. */
const SECTIONS: { title: string; resources: string[] }[] = [
  { title: 'Customers', resources: ['customers', 'users'] },
  { title: 'Verifications', resources: ['verifications', 'applications', 'institutes', 'approval-processes'] },
  { title: 'Money', resources: ['invoices', 'credit-movements'] },
  { title: 'Content', resources: ['notices', 'news', 'mails'] },
  { title: 'Operations', resources: ['projections', 'failed-jobs'] },
];

function Section({ title }: { title: string }) {
  const [open] = useSidebarState();
  if (!open) return <Box sx={{ height: 8 }} />;
  return (
    <Typography variant="overline" component="div" sx={{ px: 2, pt: 1.5, pb: 0.25, color: 'text.secondary', fontWeight: 700, letterSpacing: '0.1em', lineHeight: 2 }}>
      {title}
    </Typography>
  );
}

export function ConsoleMenu() {
  return (
    <Menu>
      <Menu.Item to="/" primaryText="Dashboard" leftIcon={<Dashboard />} />
      {SECTIONS.map((s) => (
        <Box key={s.title} component="nav" aria-label={s.title}>
          <Section title={s.title} />
          {s.resources.map((r) => (
            <Menu.ResourceItem key={r} name={r} />
          ))}
        </Box>
      ))}
    </Menu>
  );
}
