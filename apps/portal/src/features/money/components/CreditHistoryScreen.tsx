import type { CreditHistoryRow } from '@credence/api-contract';
import { Box, Card, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router';
import {
  amountHeader,
  historyAmount,
  historyRowTarget,
  isSpending,
  STANDALONE_ACCREDITATION,
} from '@/features/money/components/creditHistoryRows';
import { useCreditHistory } from '@/features/money/hooks/useCreditHistory';
import { useNotify } from '@/shared/notifications/useNotify';
import { useAccountFacts } from '@/shared/session/account';
import { useSession } from '@/shared/session/useSession';
import { formatDateTime } from '@/shared/ui/format';
import { DEFAULT_PER_PAGE, PaginatedTable, type TableColumn, type TableState } from '@/shared/ui/table';
import { useSearchParamsState } from '@/shared/routing/useSearchParamsState';
import { LoadError } from '@/shared/ui/feedback';

function tableState(params: URLSearchParams): TableState {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 0,
    perPage: Number.isInteger(size) && size > 0 && size <= 200 ? size : DEFAULT_PER_PAGE,
  };
}

/**
 * Invoices, or Receipts for individuals (money 2.13): 20 rows a page, PSV and AC spending shown negative and linked
 * to their verification, purchases linked to their invoice. Reading the list resets the unseen-invoices badge.
 */
export function CreditHistoryScreen() {
  const { isIndividual } = useAccountFacts();
  const { claims } = useSession();
  const currency = claims?.currency;
  const navigate = useNavigate();
  const notify = useNotify();
  const [params, updateParams] = useSearchParamsState();
  const state = tableState(params);
  const { data, isPlaceholderData, isError, refetch } = useCreditHistory(state.page, state.perPage);

  const columns: TableColumn<CreditHistoryRow>[] = [
    { id: 'created', header: 'Date & Time', cell: (r) => formatDateTime(r.created) },
    { id: 'name', header: 'Item', cell: (r) => r.name ?? '' },
    { id: 'username', header: 'User', cell: (r) => r.username, hideOnPhone: true },
    {
      id: 'paid',
      header: amountHeader(currency),
      align: 'right',
      cell: (r) => (
        <Box component="span" sx={{ color: isSpending(r) ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
          {historyAmount(r, currency)}
        </Box>
      ),
    },
  ];

  function open(row: CreditHistoryRow) {
    const target = historyRowTarget(row);
    if (target) void navigate(target);
    else if (row.type === 'AC') notify({ severity: 'warning', ...STANDALONE_ACCREDITATION });
  }

  function change(next: TableState) {
    updateParams((latest) => {
      latest.set('page', String(next.page));
      latest.set('size', String(next.perPage));
      return latest;
    });
  }

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h5" component="h2">
          {isIndividual ? 'Receipts' : 'Invoices'}
        </Typography>
        <Typography color="text.secondary">
          {isIndividual
            ? 'Past credit transactions processed by you'
            : 'Past credit transactions processed by you and your team'}
        </Typography>
      </Box>
      {isError && !data ? (
        <LoadError onRetry={refetch}>
          {isIndividual ? 'Your receipts could not be loaded.' : 'The invoices could not be loaded.'}
        </LoadError>
      ) : (
        <Card>
          <Box sx={{ p: { xs: 1, sm: 2 } }}>
            <PaginatedTable
              label={isIndividual ? 'Receipts' : 'Invoices'}
              columns={columns}
              rows={data?.content}
              rowKey={(r) => `${r.type}-${r.id ?? ''}-${r.created}`}
              total={data?.totalSize ?? 0}
              state={state}
              onChange={change}
              loading={isPlaceholderData}
              emptyText={isIndividual ? 'No receipts yet.' : 'No invoices yet.'}
              onRowClick={open}
            />
          </Box>
        </Card>
      )}
    </Stack>
  );
}
