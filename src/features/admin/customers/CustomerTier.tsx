import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod';
import { buttonClass } from '../../../components/ui/button-styles';
import { TIER_LABELS, type MembershipTierCode } from '../../../lib/format/membership-tier';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { setCustomerTier } from './customers.data';

const TIERS = Object.keys(TIER_LABELS) as MembershipTierCode[];

// One of the tiers the database knows (the membership_tier enum), so the select's value is typed as one.
const tierSchema = z.object({ tier: z.enum(TIERS) });
type TierValues = z.infer<typeof tierSchema>;

/** The member's membership tier, changed in place; the audit log records who changed it (a trigger). */
export function CustomerTier({
  memberId,
  name,
  tier,
}: {
  memberId: string;
  name: string;
  tier: MembershipTierCode;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<TierValues>({ resolver: zodResolver(tierSchema), defaultValues: { tier } });
  const { isDirty, isSubmitting } = form.formState;

  async function save({ tier: chosen }: TierValues) {
    try {
      await setCustomerTier(memberId, chosen);
      showToast({
        title: 'Tier saved',
        description: `${name} is now a ${TIER_LABELS[chosen]}.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    } catch {
      showErrorToast();
    }
  }

  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => void form.handleSubmit(save)(event)}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Membership tier
        </label>
        <select
          id={id}
          className="border-border bg-background h-10 rounded-md border px-3"
          {...form.register('tier')}
        >
          {TIERS.map((code) => (
            <option key={code} value={code}>
              {TIER_LABELS[code]}
            </option>
          ))}
        </select>
      </div>
      {/* Nothing to save until another tier is chosen (isDirty: the choice differs from the member's). */}
      <button
        type="submit"
        className={buttonClass('outline', 'sm', 'h-10')}
        disabled={isSubmitting || !isDirty}
      >
        {isSubmitting ? 'Saving…' : 'Save tier'}
      </button>
    </form>
  );
}
