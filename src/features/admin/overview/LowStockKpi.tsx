import { useQuery } from '@tanstack/react-query';
import { fetchLowStock } from './low-stock.data';
import { KpiCard } from './KpiCard';
import { formatCount } from './overview';

/**
 * The overview's low-stock warning (decision 0092): how many sizes of products in the store have the
 * store's low-stock level or fewer left, opening /admin/merchandise. Its own request, beside the overview's
 * one, so the figure is the catalogue's own (public.admin_low_stock).
 */
export function LowStockKpi() {
  const low = useQuery({ queryKey: ['admin', 'overview', 'low-stock'], queryFn: () => fetchLowStock() });
  return (
    <KpiCard
      label="Sizes low on stock"
      value={low.data ? formatCount(low.data.low_sizes) : low.isError ? '—' : '…'}
      detail={
        low.data
          ? `${formatCount(low.data.threshold)} or fewer left, in products the store shows`
          : low.isError
            ? 'We could not count them. Refresh to try again.'
            : 'Counting…'
      }
      target={{ to: '/admin/merchandise' }}
    />
  );
}
