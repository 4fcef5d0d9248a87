import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { AdminPage } from '../ui/AdminPage';
import { FormField } from '../ui/FormField';
import { bankFormSchema, toBankForm, toBankValues, type BankForm } from './bank-form';
import { fetchCompanyBankDetails, saveBankDetails } from './payment-settings.data';

const QUERY_KEY = ['admin', 'payment-settings'];

/**
 * /admin/payment-settings: the account members pay their bank transfers into. Members see it on their payment
 * plan and in every booking's confirmation e-mail, with the booking's reference.
 */
export function PaymentSettingsPage() {
  const details = useQuery({ queryKey: QUERY_KEY, queryFn: () => fetchCompanyBankDetails() });
  return (
    <AdminPage
      title="Payment settings"
      description="The bank account members pay into. It is shown on their payment plans and in booking confirmation e-mails."
    >
      {details.isPending ? (
        <p role="status">Loading the bank details…</p>
      ) : details.isError ? (
        <p role="alert" className="text-destructive">
          We could not load the bank details. Please refresh the page to try again.
        </p>
      ) : (
        <BankDetailsForm key={JSON.stringify(details.data)} initial={toBankForm(details.data)} />
      )}
    </AdminPage>
  );
}

function BankDetailsForm({ initial }: { initial: BankForm }) {
  const queryClient = useQueryClient();
  const form = useForm<BankForm>({ resolver: zodResolver(bankFormSchema), defaultValues: initial });

  async function save(values: BankForm) {
    try {
      const result = await saveBankDetails(toBankValues(values));
      if (result.outcome === 'refused') {
        showToast({ title: 'Not saved', description: result.message, variant: 'destructive' });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['payment-options'] });
      showToast({
        title: 'Bank details saved',
        description: 'New bookings and payment plans show them from now on.',
        variant: 'success',
      });
    } catch {
      showErrorToast();
    }
  }

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(save)} className="grid max-w-xl gap-5">
        <h3 className="text-lg font-semibold">Bank transfer</h3>
        <FormField<BankForm> name="accountName" label="Account name" required maxLength={100} />
        <FormField<BankForm>
          name="bankName"
          label="Bank"
          maxLength={100}
          hint="The bank's name, e.g. Commonwealth Bank. Optional."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField<BankForm>
            name="bsb"
            label="BSB"
            required
            inputMode="numeric"
            autoComplete="off"
            hint="Six digits, e.g. 062-000."
          />
          <FormField<BankForm>
            name="accountNumber"
            label="Account number"
            required
            inputMode="numeric"
            autoComplete="off"
            hint="6 to 10 digits, without spaces."
          />
        </div>
        <p className="text-muted-foreground text-sm">
          Members quote their booking&rsquo;s reference (HH and eight letters or digits) with every transfer.
        </p>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving…' : 'Save bank details'}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
