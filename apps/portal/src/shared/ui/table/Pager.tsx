import { Box, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import FirstPage from '@mui/icons-material/FirstPage';
import KeyboardArrowLeft from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRight from '@mui/icons-material/KeyboardArrowRight';
import LastPage from '@mui/icons-material/LastPage';
import { useId } from 'react';
import { pageCount, pageWindow, shownRange } from '@/shared/ui/table/paging';

interface PagerProps {
  label: string;
  page: number;
  perPage: number;
  total: number;
  perPageOptions: readonly number[];
  summary: (from: number, to: number, total: number) => string;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/** The line under a list: the 'Showing ...' summary, the page size, and first/previous/5 numbered/next/last. */
export function Pager({
  label,
  page,
  perPage,
  total,
  perPageOptions,
  summary,
  onPage,
  onPerPage,
}: PagerProps) {
  const pages = pageCount(perPage, total);
  const { from, to } = shownRange(page, perPage, total);
  const sizeId = useId();
  // The list's own size (20) is not one of the options (5, 10, 25, 50): it is offered too, so it stays selected.
  const sizes = [...new Set([...perPageOptions, perPage])].sort((a, b) => a - b);
  const last = pages - 1;

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={{ xs: 1.5, md: 2 }}
      sx={{ alignItems: { xs: 'stretch', md: 'center' }, justifyContent: 'space-between', pt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {summary(from, to, total)}
      </Typography>
      <Stack
        direction="row"
        spacing={1.5}
        sx={{
          alignItems: 'center',
          justifyContent: { xs: 'space-between', md: 'flex-end' },
          flexWrap: 'wrap',
          rowGap: 1,
        }}
      >
        <TextField
          select
          size="small"
          id={sizeId}
          label="Per page"
          value={perPage}
          onChange={(e) => onPerPage(Number(e.target.value))}
          fullWidth={false}
          sx={{ width: 100 }}
        >
          {sizes.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
        <Box component="nav" aria-label={`${label} pages`}>
          <Box
            component="ul"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.25, m: 0, p: 0, listStyle: 'none' }}
          >
            <li>
              <IconButton
                size="small"
                aria-label="Go to first page"
                disabled={page <= 0}
                onClick={() => onPage(0)}
              >
                <FirstPage fontSize="small" />
              </IconButton>
            </li>
            <li>
              <IconButton
                size="small"
                aria-label="Go to previous page"
                disabled={page <= 0}
                onClick={() => onPage(page - 1)}
              >
                <KeyboardArrowLeft fontSize="small" />
              </IconButton>
            </li>
            {pageWindow(page, pages).map((p) => (
              <li key={p}>
                <PageButton page={p} current={p === page} onPage={onPage} />
              </li>
            ))}
            <li>
              <IconButton
                size="small"
                aria-label="Go to next page"
                disabled={page >= last}
                onClick={() => onPage(page + 1)}
              >
                <KeyboardArrowRight fontSize="small" />
              </IconButton>
            </li>
            <li>
              <IconButton
                size="small"
                aria-label="Go to last page"
                disabled={page >= last}
                onClick={() => onPage(last)}
              >
                <LastPage fontSize="small" />
              </IconButton>
            </li>
          </Box>
        </Box>
      </Stack>
    </Stack>
  );
}

function PageButton({
  page,
  current,
  onPage,
}: {
  page: number;
  current: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Box
      component="button"
      type="button"
      aria-label={`Go to page ${page + 1}`}
      aria-current={current ? 'page' : undefined}
      onClick={() => {
        if (!current) onPage(page);
      }}
      sx={{
        minWidth: 32,
        height: 32,
        px: 0.75,
        border: 1,
        borderRadius: 1,
        cursor: current ? 'default' : 'pointer',
        font: 'inherit',
        fontSize: '0.875rem',
        fontWeight: current ? 700 : 500,
        color: current ? 'primary.contrastText' : 'text.primary',
        bgcolor: current ? 'primary.main' : 'background.paper',
        borderColor: current ? 'primary.main' : 'divider',
        '&:hover': { bgcolor: current ? 'primary.main' : 'action.hover' },
      }}
    >
      {page + 1}
    </Box>
  );
}
