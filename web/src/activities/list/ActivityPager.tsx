/** "51–100 of 1,234" and the Previous and Next buttons under the activity list. */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, Stack, Typography } from '@mui/material';
import { pageCount, pageRange } from './activity-list-url.ts';
import { formatNumber } from '../../lib/format.ts';

interface ActivityPagerProps {
  page: number;
  itemCount: number;
  total: number;
  /** The shown rows are the previous page's, kept until the next arrives: no paging meanwhile. */
  waiting: boolean;
  onPage: (page: number) => void;
}

export function ActivityPager({ page, itemCount, total, waiting, onPage }: ActivityPagerProps) {
  const { first, last } = pageRange(page, itemCount);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, py: 1.25 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
        {formatNumber(first)}–{formatNumber(last)} of {formatNumber(total)}
      </Typography>
      <Button
        size="small"
        color="inherit"
        startIcon={<ChevronLeftIcon />}
        disabled={page === 1 || waiting}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </Button>
      <Button
        size="small"
        color="inherit"
        endIcon={<ChevronRightIcon />}
        disabled={page >= pageCount(total) || waiting}
        onClick={() => onPage(page + 1)}
      >
        Next
      </Button>
    </Stack>
  );
}
