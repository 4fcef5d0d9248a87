import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { MEMBER_DISCOUNT_MAX, LOW_STOCK_THRESHOLD_MAX } from '../../../lib/rules/store';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import {
  settingsSchema,
  toSettings,
  toSettingsForm,
  type SettingsForm,
  type StoreSettings,
} from './merchandise';
import { saveStoreSettings } from './merchandise.data';

/**
 * The store's two settings: the discount members get on merchandise, and the stock at or under which a size
 * is flagged here and counted on the overview. Saved together; the store page shows the new discount after
 * its next build, and the cart prices with it at once.
 */
export function StoreSettingsForm({ settings }: { settings: StoreSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<SettingsForm>({
    resolver: zodResolver(settingsSchema),
    defaultValues: toSettingsForm(settings),
  });

  async function save(values: SettingsForm) {
    try {
      const outcome = await saveStoreSettings(toSettings(values));
      if (outcome.outcome === 'refused') {
        showToast({ title: 'Not saved', description: outcome.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      showToast({
        title: 'Store settings saved',
        description: 'Carts are priced with the new discount from now on.',
        variant: 'success',
      });
    } catch {
      showErrorToast();
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate aria-label="Store settings" onSubmit={form.handleSubmit(save)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField<SettingsForm>
            name="discount"
            label="Member discount (%)"
            required
            inputMode="numeric"
            hint={`Off every item for signed-in members, 0 to ${MEMBER_DISCOUNT_MAX}.`}
          />
          <FormField<SettingsForm>
            name="threshold"
            label="Low-stock level"
            required
            inputMode="numeric"
            hint={`A size with this many or fewer left is flagged (0 to ${LOW_STOCK_THRESHOLD_MAX.toLocaleString('en-AU')}).`}
          />
        </div>
        <div>
          <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save store settings'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
