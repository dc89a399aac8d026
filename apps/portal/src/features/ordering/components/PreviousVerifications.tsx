import { Alert, Link, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VerificationListItem } from '@credence/api-contract';
import { normaliseDate, yearsBefore } from '@credence/domain';
import { useState } from 'react';
import { previousVerifications } from '@/features/ordering/api/ordering';
import { useDebouncedValue } from '@/shared/forms/useDebouncedValue';
import { queryKeys } from '@/shared/query/queryKeys';
import { formatDate, toIsoDate } from '@/shared/ui/format';
import { ResultChip } from '@/shared/ui/result';
import { PaginatedTable, type TableColumn, type TableState } from '@/shared/ui/table';

const PAGE = 5;

interface Props {
  instituteId: string;
  firstname: string;
  lastname: string;
  dob: string;
  individual: boolean;
}

/**
 * 'Previously Submitted Verifications' (verifications 2.5): the same person at the same institute in the last year,
 * looked up once the date of birth is complete and both names are given; shown only when there are matches.
 */
export function PreviousVerifications({ instituteId, firstname, lastname, dob, individual }: Props) {
  const [table, setTable] = useState<TableState>({ page: 0, perPage: PAGE });
  const person = useDebouncedValue({ firstname: firstname.trim(), surname: lastname.trim(), dob: normaliseDate(dob) }, 600);
  const ready = !!person.firstname && !!person.surname && !!person.dob;
  const query = {
    instituteId,
    firstname: person.firstname,
    surname: person.surname,
    dob: person.dob ?? '',
    fromDate: yearsBefore(toIsoDate(new Date()), 1),
    page: table.page,
    size: PAGE,
  };
  const found = useQuery({
    queryKey: queryKeys.verification.list({ ...query, lookup: 'previous' }),
    queryFn: ({ signal }) => previousVerifications(query, { signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  if (!ready || !found.data?.totalSize) return null;
  const columns: TableColumn<VerificationListItem>[] = [
    { id: 'recorded', header: 'Date', cell: (r) => formatDate(r.recorded), noWrap: true },
    { id: 'name', header: 'Name', cell: (r) => `${r.fields.firstname} ${r.fields.surname}` },
    { id: 'institute', header: 'Institute Name', cell: (r) => r.instituteName ?? '' },
    ...(individual ? [] : [{ id: 'requestedBy', header: 'Requested By', cell: (r: VerificationListItem) => r.requestedByName ?? r.username }]),
    { id: 'result', header: 'Status', cell: (r) => <ResultChip result={r.result} /> },
    {
      id: 'open',
      header: 'View',
      cell: (r) => (
        <Link href={`/verification/history/${encodeURIComponent(r.id)}`} target="_blank" rel="noopener">
          {r.id}
        </Link>
      ),
    },
  ];
  return (
    <Stack spacing={1.5} component="section" aria-label="Previously Submitted Verifications">
      <Typography component="h5" variant="subtitle2">
        Previously Submitted Verifications
      </Typography>
      <Alert severity="warning">
        This individual has verifications at this institute submitted in the last year. Please check you are not submitting a duplicate request;
        however, you DO need to submit individual verifications for each degree or credential.
      </Alert>
      <PaginatedTable
        label="Previously Submitted Verifications"
        columns={columns}
        rows={found.data.content}
        rowKey={(r) => r.id}
        total={found.data.totalSize}
        state={table}
        onChange={setTable}
        loading={found.isPlaceholderData}
        perPageOptions={[PAGE]}
        emptyText="No previous verifications."
      />
    </Stack>
  );
}
