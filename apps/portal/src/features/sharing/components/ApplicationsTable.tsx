import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@credence/api-contract';
import type { ApplicationView } from '@/features/applications/api/applications';
import { api } from '@/shared/api/client';
import { formatDate } from '@/shared/ui/format';

/** The applicant's applications (GET /application, the history's fetch): who has access to what was included. */
export function useApplicationsMade(enabled: boolean) {
  return useQuery({
    queryKey: ['application', 'list', { page: 0, size: 100, for: 'sharing' }],
    queryFn: ({ signal }) => api.get<Page<ApplicationView>>('/application', { page: 0, size: 100 }, { signal, silent: true }),
    enabled,
  });
}

/** 2.12: Application Date, Organisation, Verifications included; empty 'No applications made.' */
export function ApplicationsTable({ applications, verificationId }: { applications: ApplicationView[]; verificationId?: string }) {
  const rows = verificationId ? applications.filter((a) => a.verifications.some((v) => v.id === verificationId)) : applications;
  if (!rows.length) return <Typography color="text.secondary">No applications made.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Applications">
        <TableHead>
          <TableRow>
            <TableCell>Application Date</TableCell>
            <TableCell>Organisation</TableCell>
            <TableCell>Verifications included</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((a) => (
            <TableRow key={a.id}>
              <TableCell>{formatDate(a.submitted ?? a.created)}</TableCell>
              <TableCell>{a.owner.name}</TableCell>
              <TableCell>{a.verificationCount}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
