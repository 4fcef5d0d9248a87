import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import type { EditorSearch } from '../search';
import { AdminPage } from '../ui/AdminPage';
import { EMPTY_PRODUCT, toProductForm } from './merchandise';
import { MERCHANDISE_KEY } from './MerchandisePage';
import { fetchProduct } from './merchandise.data';
import { ProductFormView } from './ProductFormView';
import { ProductSizes } from './ProductSizes';

/** /admin/merchandise/product: add a product (no id), or edit one, its sizes and their stock (?id=). */
export function ProductEditorPage() {
  const { id } = useSearch({ strict: false }) as EditorSearch;
  const product = useQuery({
    queryKey: [...MERCHANDISE_KEY, 'product', id],
    queryFn: () => fetchProduct(id!),
    enabled: id !== undefined,
  });

  if (id === undefined)
    return (
      <AdminPage
        title="New product"
        description="Save the product first, then add its sizes and their stock. It stays hidden until you show it."
      >
        <ProductFormView key="new" id={undefined} initial={EMPTY_PRODUCT} />
      </AdminPage>
    );

  if (product.isPending || product.isError || product.data === null)
    return (
      <AdminPage title="Edit product">
        {product.isPending ? (
          <p role="status">Loading the product…</p>
        ) : (
          <p role="alert" className="text-destructive">
            {product.isError
              ? 'We could not load this product. Please refresh the page to try again.'
              : 'There is no product with this address.'}{' '}
            <Link to="/admin/merchandise" className="text-primary underline">
              Back to merchandise
            </Link>
          </p>
        )}
      </AdminPage>
    );

  const current = product.data;
  return (
    <AdminPage
      title={`Edit product: ${current.name}`}
      description={
        current.visible ? 'Shown in the store, and sold.' : 'Hidden: not listed in the store, and not sold.'
      }
      actions={
        <Link to="/admin/merchandise" className="text-primary text-sm underline">
          Back to merchandise
        </Link>
      }
    >
      <ProductFormView
        key={JSON.stringify(toProductForm(current))}
        id={current.id}
        initial={toProductForm(current)}
      />
      <ProductSizes product={current} />
    </AdminPage>
  );
}
