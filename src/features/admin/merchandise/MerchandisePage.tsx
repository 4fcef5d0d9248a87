import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatAudCents } from '../../../lib/format/currency';
import { DataTable } from '../table/DataTable';
import { FilterSelect } from '../table/FilterSelect';
import { useListSearch } from '../table/useListSearch';
import { AdminPage } from '../ui/AdminPage';
import { lowSizes, sizeName, totalStock, type AdminProduct } from './merchandise';
import { fetchStoreSettings, listProducts } from './merchandise.data';
import { StoreSettingsForm } from './StoreSettingsForm';

export const MERCHANDISE_KEY = ['admin', 'merchandise'] as const;
export const SETTINGS_KEY = ['admin', 'merchandise', 'settings'] as const;

const number = new Intl.NumberFormat('en-AU');
const column = createColumnHelper<AdminProduct>();

function columnsFor(threshold: number | undefined) {
  return [
    column.accessor('name', {
      id: 'name',
      header: 'Product',
      cell: ({ row }) => (
        <Link
          to="/admin/merchandise/product"
          search={{ id: row.original.id }}
          className="text-primary font-medium underline"
        >
          {row.original.name}
        </Link>
      ),
    }),
    column.accessor('price_cents', {
      id: 'price_cents',
      header: 'Price',
      cell: (info) => formatAudCents(info.getValue()),
    }),
    column.accessor('visible', {
      id: 'visible',
      header: 'In the store',
      cell: (info) => (info.getValue() ? 'Shown' : 'Hidden'),
    }),
    column.display({
      id: 'stock',
      header: 'Stock',
      cell: ({ row }) => {
        const product = row.original;
        if (product.variants.length === 0) return 'No sizes yet';
        const low = threshold === undefined ? [] : lowSizes(product, threshold);
        return (
          <span className="flex flex-wrap items-center gap-2">
            {number.format(totalStock(product))}
            {low.length > 0 && (
              <span className="border-destructive text-destructive rounded-full border px-2 py-0.5 text-xs font-medium">
                Low: {low.map((variant) => `${sizeName(variant)} (${variant.stock})`).join(', ')}
              </span>
            )}
          </span>
        );
      },
    }),
  ];
}

/**
 * /admin/merchandise: the store's products with their stock (sizes at or under the low-stock level marked),
 * searched and paged on the server, and the store's settings: the members' discount and that level.
 */
export function MerchandisePage() {
  const [search, update] = useListSearch();
  const list = useQuery({
    queryKey: [...MERCHANDISE_KEY, 'list', search],
    queryFn: () => listProducts(search),
    placeholderData: keepPreviousData,
  });
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: () => fetchStoreSettings() });
  return (
    <AdminPage
      title="Merchandise"
      description="What the store sells: prices, pictures, sizes and their stock. A hidden product is not listed or sold."
      actions={
        <Link to="/admin/merchandise/product" className={buttonClass('primary', 'sm')}>
          New product
        </Link>
      }
    >
      <DataTable
        caption="Products"
        columns={columnsFor(settings.data?.low_stock_threshold)}
        rows={list.isPlaceholderData ? undefined : list.data?.rows}
        total={list.data?.total}
        getRowId={(row) => row.id}
        state={search}
        onStateChange={update}
        isError={list.isError}
        searchLabel="Search by name"
        toolbar={
          <FilterSelect
            label="Show"
            value={search.filter ?? ''}
            options={[
              { value: '', label: 'All products' },
              { value: 'visible', label: 'Shown in the store' },
              { value: 'hidden', label: 'Hidden' },
            ]}
            onChange={(filter) => update({ filter: filter || undefined })}
          />
        }
        emptyText={search.q ? 'No products match this search.' : 'No products here yet.'}
        stackOnPhone
      />
      <section aria-labelledby="store-settings-heading" className="grid max-w-xl gap-3">
        <h3 id="store-settings-heading" className="text-lg font-semibold">
          Store settings
        </h3>
        {settings.isPending ? (
          <p role="status">Loading the store settings…</p>
        ) : settings.isError ? (
          <p role="alert" className="text-destructive">
            We could not load the store settings. Please refresh the page to try again.
          </p>
        ) : (
          <StoreSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />
        )}
      </section>
    </AdminPage>
  );
}
