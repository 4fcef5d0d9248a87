import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { emailProblem } from '../../../lib/rules';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { FormField } from '../ui/FormField';
import { ruleString } from '../../../lib/forms/rule-schema';
import { nameOf } from './team-format';
import { grantAdmin, TeamError } from './team.data';

// The project's e-mail rule, in words for the admin rather than for a visitor's own address.
const schema = z.object({
  email: ruleString((value) => (value.trim() ? emailProblem(value) : "Enter the member's e-mail address.")),
});
type Values = z.infer<typeof schema>;

/** Makes a member an admin by their e-mail address. */
export function GrantAdminForm({ onGranted }: { onGranted: () => Promise<unknown> }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  async function submit({ email }: Values) {
    try {
      const result = await grantAdmin(email.trim());
      showToast(
        result.changed
          ? {
              title: 'Admin role granted',
              description: `${nameOf(result)} is now an admin.`,
              variant: 'success',
            }
          : { title: 'Already an admin', description: `${nameOf(result)} was an admin already.` },
      );
      form.reset();
      await onGranted();
    } catch (error) {
      if (!(error instanceof TeamError)) return void showErrorToast();
      form.setError('email', { message: error.message }, { shouldFocus: true });
      showToast({ title: 'Nothing changed', description: error.message, variant: 'destructive' });
    }
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-labelledby="grant-admin-title"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
        className="border-border max-w-xl space-y-3 rounded-lg border p-4"
      >
        <h4 id="grant-admin-title" className="font-semibold">
          Make a member an admin
        </h4>
        <FormField<Values>
          name="email"
          label="Member's e-mail address"
          type="email"
          autoComplete="off"
          required
          hint="They must have an account. An admin sees every customer and can change events and the team."
        />
        <button type="submit" className={buttonClass('primary')} disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Granting…' : 'Make admin'}
        </button>
      </form>
    </FormProvider>
  );
}
