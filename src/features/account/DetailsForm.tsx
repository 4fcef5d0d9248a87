import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { useSubmitForm } from '../../lib/forms/useSubmitForm';
import { $profile } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { DETAILS_RULES, detailsToRow, type DetailsValues } from './account';
import { ownProfileKey, saveDetails, type OwnProfile } from './account.data';

/** Full name and phone, saved to the member's own profile row. */
export function DetailsForm({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: async (values: DetailsValues) => {
      const row = detailsToRow(values);
      await saveDetails(profile.id, row);
      return row;
    },
    onSuccess: async (row) => {
      // The header's user menu shows the name from the session store: let it follow without a reload.
      const current = $profile.get();
      if (current?.id === profile.id) $profile.set({ ...current, ...row });
      await queryClient.invalidateQueries({ queryKey: ownProfileKey(profile.id) });
      showToast({
        title: 'Details saved',
        description: 'Your name and phone number are up to date.',
        variant: 'success',
      });
    },
    onError: (error) =>
      showToast({ title: 'Could not save your details', description: error.message, variant: 'destructive' }),
  });

  const { field, handleSubmit } = useSubmitForm({
    rules: DETAILS_RULES,
    empty: { fullName: profile.full_name ?? '', phone: profile.phone ?? '' },
    // The saved values stay in the form; the mutation shows the outcome (its error is toasted above).
    send: (values) => save.mutateAsync(values).then(noop, noop),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="max-w-md space-y-4" aria-label="Your details">
      <Field id="details-full-name" label="Full name" required autoComplete="name" {...field('fullName')} />
      <Field id="details-phone" label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
        {save.isPending ? 'Saving...' : 'Save details'}
      </button>
    </form>
  );
}

function noop(): void {}
