import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { SIZE_MAX } from '../../../lib/rules/store';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { FormField } from '../ui/FormField';
import {
  newSizeSchema,
  renameSchema,
  sizeName,
  stockChangeOf,
  stockChangeSchema,
  type AdminProduct,
  type AdminVariant,
  type NewSizeForm,
  type RenameForm,
  type StockChangeForm,
} from './merchandise';
import { MERCHANDISE_KEY } from './MerchandisePage';
import { addSize, adjustStock, removeSize, renameSize, type SaveOutcome } from './merchandise.data';

const number = new Intl.NumberFormat('en-AU');

/**
 * A product's sizes, below its form, each saved on its own at once. Stock is changed by how many arrived or
 * left (+12, -3), never typed over: orders take stock while this screen is open, and a number read before
 * them would undo their sales (decision 0092).
 */
export function ProductSizes({ product }: { product: AdminProduct }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: MERCHANDISE_KEY });
  const nextPosition = Math.min(
    1000,
    Math.max(0, ...product.variants.map((variant) => variant.position)) + 1,
  );
  return (
    <section aria-labelledby="sizes-heading" className="grid max-w-3xl gap-4">
      <div>
        <h3 id="sizes-heading" className="text-lg font-semibold">
          Sizes and stock
        </h3>
        <p className="text-muted-foreground text-sm">
          Buyers choose a size; each has its own stock. A product sold in one size has one, such as &lsquo;One
          size&rsquo;. With no stock in any size the store shows it sold out.
        </p>
      </div>
      {product.variants.length > 0 && (
        <ul className="grid gap-3" aria-label={`Sizes of ${product.name}`}>
          {product.variants.map((variant) => (
            <li key={`${variant.id}-${variant.size}-${variant.stock}`}>
              <SizeRow productName={product.name} variant={variant} onChanged={refresh} />
            </li>
          ))}
        </ul>
      )}
      <NewSize
        onSave={async (values) => {
          const outcome = await addSize(product.id, { ...values, position: nextPosition });
          if (outcome.outcome === 'saved') await refresh();
          return outcome;
        }}
      />
    </section>
  );
}

function SizeRow({
  productName,
  variant,
  onChanged,
}: {
  productName: string;
  variant: AdminVariant;
  onChanged: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const name = sizeName(variant);
  const rename = useForm<RenameForm>({ resolver: zodResolver(renameSchema), defaultValues: { size: name } });
  const stock = useForm<StockChangeForm>({
    resolver: zodResolver(stockChangeSchema),
    defaultValues: { change: '' },
  });

  async function saveName(values: RenameForm) {
    await report(renameSize(variant.id, values.size.trim()), 'Size renamed', values.size.trim(), onChanged);
  }

  async function changeStock(values: StockChangeForm) {
    try {
      const outcome = await adjustStock(variant.id, stockChangeOf(values));
      if (outcome.outcome === 'refused') {
        showToast({ title: 'Stock not changed', description: outcome.message, variant: 'destructive' });
        return;
      }
      showToast({
        title: 'Stock changed',
        description: `${productName} (${name}): ${number.format(outcome.stock)} on the shelf now.`,
        variant: 'success',
      });
      await onChanged();
    } catch {
      showErrorToast();
    }
  }

  return (
    <div className="border-border grid gap-3 rounded-md border p-3" role="group" aria-label={`Size ${name}`}>
      <p className="text-sm">
        <span className="font-medium">{name}</span>: {number.format(variant.stock)} on the shelf
      </p>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <FormProvider {...rename}>
          <form
            noValidate
            aria-label={`Rename size ${name}`}
            onSubmit={rename.handleSubmit(saveName)}
            className="flex items-start gap-2"
          >
            <div className="grow">
              <FormField<RenameForm> name="size" label="Size" required maxLength={SIZE_MAX} />
            </div>
            <button
              type="submit"
              className={`${buttonClass('outline')} mt-6`}
              disabled={rename.formState.isSubmitting}
            >
              Rename
            </button>
          </form>
        </FormProvider>
        <FormProvider {...stock}>
          <form
            noValidate
            aria-label={`Stock of size ${name}`}
            onSubmit={stock.handleSubmit(changeStock)}
            className="flex items-start gap-2"
          >
            <div className="grow">
              <FormField<StockChangeForm>
                name="change"
                label="Add or take off"
                required
                inputMode="text"
                autoComplete="off"
                hint="12 arrived: 12. Three damaged: -3."
              />
            </div>
            <button
              type="submit"
              className={`${buttonClass('primary')} mt-6`}
              disabled={stock.formState.isSubmitting}
            >
              {stock.formState.isSubmitting ? 'Changing…' : 'Change stock'}
            </button>
          </form>
        </FormProvider>
      </div>
      <div>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setConfirming(true)}>
          Remove size {name}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove size ${name}?`}
        message={`${productName} will no longer be sold in ${name}, and members' carts drop it. A size that has been ordered stays: take its stock to 0 instead.`}
        confirmLabel="Remove size"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          await report(removeSize(variant.id), 'Size removed', `${productName} (${name})`, onChanged);
        }}
      />
    </div>
  );
}

function NewSize({ onSave }: { onSave: (values: { size: string; stock: number }) => Promise<SaveOutcome> }) {
  const form = useForm<NewSizeForm>({
    resolver: zodResolver(newSizeSchema),
    defaultValues: { size: '', stock: '0' },
  });
  async function save(values: NewSizeForm) {
    const saved = await report(
      onSave({ size: values.size.trim(), stock: Number(values.stock.trim()) }),
      'Size added',
      values.size.trim(),
    );
    if (saved) form.reset({ size: '', stock: '0' });
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New size"
        onSubmit={form.handleSubmit(save)}
        className="border-border grid items-start gap-3 rounded-md border p-3 sm:grid-cols-[1fr_10rem_auto]"
      >
        <FormField<NewSizeForm>
          name="size"
          label="Size"
          required
          maxLength={SIZE_MAX}
          hint="S, M, XL or One size."
        />
        <FormField<NewSizeForm>
          name="stock"
          label="Stock"
          required
          inputMode="numeric"
          hint="How many you have."
        />
        <button
          type="submit"
          className={`${buttonClass('primary')} sm:mt-6`}
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? 'Adding…' : 'Add size'}
        </button>
      </form>
    </FormProvider>
  );
}

/** A save's toast: what was done, or the database's refusal in words. True when it was saved. */
async function report(
  saving: Promise<SaveOutcome>,
  title: string,
  description: string,
  after?: () => Promise<void>,
): Promise<boolean> {
  try {
    const outcome = await saving;
    if (outcome.outcome === 'refused') {
      showToast({ title: 'Not saved', description: outcome.message, variant: 'destructive' });
      return false;
    }
    showToast({ title, description, variant: 'success' });
    await after?.();
    return true;
  } catch {
    showErrorToast();
    return false;
  }
}
