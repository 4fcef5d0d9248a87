import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { SURCHARGE_MAX_BPS, surchargePercentText } from '../../../lib/rules/card-surcharge';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import {
  cardSettingsSchema,
  toCardSettingsForm,
  toCardSettingsValues,
  type CardSettingsForm,
} from './card-settings-form';
import { saveCardSettings, type StripeStatus } from './stripe-settings.data';

/**
 * Whether members may pay by card, and the surcharge on card payments (decision 0089). Saved through
 * public.set_card_payment_settings (admins only, audited); the pages read it when they open.
 */
export function CardSettingsSection({ status }: { status: StripeStatus }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<CardSettingsForm>({
    resolver: zodResolver(cardSettingsSchema),
    defaultValues: toCardSettingsForm(status),
  });

  async function save(values: CardSettingsForm) {
    try {
      const result = await saveCardSettings(toCardSettingsValues(values));
      if (result.outcome === 'refused') {
        showToast({ title: 'Not saved', description: result.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['admin', 'stripe-settings'] });
      await queryClient.invalidateQueries({ queryKey: ['payment-options'] });
      showToast({
        title: 'Card settings saved',
        description: 'Members see them the next time they open a payment page.',
        variant: 'success',
      });
    } catch {
      showErrorToast();
    }
  }

  return (
    <section aria-labelledby="card-settings" className="space-y-3">
      <h3 id="card-settings" className="text-lg font-semibold">
        Card payments
      </h3>
      <FormProvider {...form}>
        <form noValidate onSubmit={form.handleSubmit(save)} className="grid max-w-xl gap-5">
          <div>
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" aria-describedby={`${id}-cards-hint`} {...form.register('enabled')} />
              Members may pay by card
            </label>
            <p id={`${id}-cards-hint`} className="text-muted-foreground mt-1 text-xs">
              Turn this on once the connection above is configured. Bank transfer is always offered.
            </p>
          </div>
          <div className="sm:max-w-xs">
            <FormField<CardSettingsForm>
              name="surcharge"
              label="Card surcharge (%)"
              inputMode="decimal"
              autoComplete="off"
              hint={`0 for none. At most ${surchargePercentText(SURCHARGE_MAX_BPS)}, and no more than what accepting cards costs you.`}
            />
          </div>
          <p className="text-muted-foreground text-sm">
            Australian rules: a surcharge may not exceed your cost of accepting cards, it is shown to members
            before they pay, and bank transfer never carries one. It is added on top of the amount due, kept
            out of the booking&rsquo;s paid total, and is your revenue (GST applies to it as to the trip).
          </p>
          <div>
            <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save card settings'}
            </button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
