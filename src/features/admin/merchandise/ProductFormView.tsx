import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { PRODUCT_NAME_MAX } from '../../../lib/rules/store';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { productFormSchema, toProductValues, type ProductForm } from './merchandise';
import { MERCHANDISE_KEY } from './MerchandisePage';
import { createProduct, updateProduct } from './merchandise.data';
import { ProductImage } from './ProductImage';

/** A product's fields, each checked by its rule (src/lib/rules/store.ts) before anything is sent. */
export function ProductFormView({ id, initial }: { id: string | undefined; initial: ProductForm }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const visibleId = useId();
  const form = useForm<ProductForm>({ resolver: zodResolver(productFormSchema), defaultValues: initial });
  const name = useWatch({ control: form.control, name: 'name' });

  async function save(values: ProductForm) {
    try {
      const result = id
        ? await updateProduct(id, toProductValues(values))
        : await createProduct(toProductValues(values));
      if (result.outcome === 'refused') {
        showToast({ title: 'Not saved', description: result.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: MERCHANDISE_KEY });
      showToast({
        title: id ? 'Product saved' : 'Product created',
        description: id ? `${values.name.trim()} is up to date.` : 'Now add its sizes and their stock.',
        variant: 'success',
      });
      if (result.outcome === 'created')
        await navigate({ to: '/admin/merchandise/product', search: { id: result.id } });
    } catch {
      showErrorToast();
    }
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Product"
        onSubmit={form.handleSubmit(save)}
        className="grid max-w-3xl gap-5"
      >
        <FormField<ProductForm> name="name" label="Name" required maxLength={PRODUCT_NAME_MAX} />
        <FormField<ProductForm>
          name="description"
          label="Description"
          rows={4}
          hint="Optional. Shown on its card in the store."
        />
        <FormField<ProductForm>
          name="price"
          label="Price (AUD, GST included)"
          required
          inputMode="decimal"
          hint="In dollars, such as 34.95. Members get the store's discount off it."
        />
        <ProductImage name={name} />
        <div>
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" aria-describedby={`${visibleId}-hint`} {...form.register('visible')} />
            Show in the store
          </label>
          <p id={`${visibleId}-hint`} className="text-muted-foreground mt-1 text-xs">
            A hidden product is not listed and cannot be bought; carts that hold it are told it is no longer
            sold.
          </p>
        </div>
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : id ? 'Save product' : 'Create product'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
