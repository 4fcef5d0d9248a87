import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitEvent } from 'react';
import { buttonClass } from '../../components/ui/button-styles';
import { Field } from '../../components/ui/form/Field';
import { hasErrors } from '../../lib/forms/validation';
import { useValidatedForm } from '../../lib/forms/useFormValues';
import { $profile } from '../../stores/session';
import { showToast } from '../../stores/toasts';
import { DETAILS_FIELDS, detailsToRow, validateDetails } from './account';
import { ownProfileKey, saveDetails, type OwnProfile } from './account.data';

/** Full name and phone, saved to the member's own profile row. */
export function DetailsForm({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  const { values, field, setErrors } = useValidatedForm(
    { fullName: profile.full_name ?? '', phone: profile.phone ?? '' },
    DETAILS_FIELDS,
    validateDetails,
  );
  const save = useMutation({
    mutationFn: async () => {
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

  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    const errors = validateDetails(values);
    setErrors(errors);
    if (hasErrors(errors)) {
      const first = DETAILS_FIELDS.find((key) => errors[key]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    save.mutate();
  }

  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-4" aria-label="Your details">
      <Field id="details-full-name" label="Full name" required autoComplete="name" {...field('fullName')} />
      <Field id="details-phone" label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <button type="submit" disabled={save.isPending} className={buttonClass('primary')}>
        {save.isPending ? 'Saving...' : 'Save details'}
      </button>
    </form>
  );
}
