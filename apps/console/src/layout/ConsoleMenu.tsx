import Dashboard from '@mui/icons-material/SpaceDashboardOutlined';
import { Box, Typography } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { AUDITOR_ACCESS, type ConsoleRole } from '@/auth/permissions';

/** Sections of the sidebar: who the customers are, what they verify, money, what they read, how the service runs. */
const SECTIONS: { title: string; resources: string[] }[] = [
  { title: 'Customers', resources: ['customers', 'users'] },
  { title: 'Verifications', resources: ['verifications', 'applications', 'institutes', 'approval-processes'] },
  { title: 'Money', resources: ['invoices', 'credit-movements'] },
  { title: 'Content', resources: ['notices', 'news', 'country-notifications', 'mails'] },
  { title: 'Operations', resources: ['projections', 'failed-jobs', 'debug-recordings', 'error-reports'] },
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

/** Auditors see the sections and resources they may read (AUDITOR_ACCESS), and no Dashboard. */
export function ConsoleMenu() {
  const { permissions } = usePermissions<ConsoleRole | null>();
  const auditor = permissions === 'auditor';
  const sections = SECTIONS.map((s) => ({ ...s, resources: auditor ? s.resources.filter((r) => AUDITOR_ACCESS[r]?.includes('list')) : s.resources })).filter(
    (s) => s.resources.length > 0,
  );
  return (
    <Menu>
      {auditor ? null : <Menu.Item to="/" primaryText="Dashboard" leftIcon={<Dashboard />} />}
      {sections.map((s) => (
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
