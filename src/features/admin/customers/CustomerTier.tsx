import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { TIER_LABELS, type MembershipTierCode } from '../../../lib/format/membership-tier';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { setCustomerTier } from './customers.data';

const TIERS = Object.keys(TIER_LABELS) as MembershipTierCode[];

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
  const [chosen, setChosen] = useState<MembershipTierCode>(tier);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () => setCustomerTier(memberId, chosen),
    onSuccess: async () => {
      showToast({
        title: 'Tier saved',
        description: `${name} is now a ${TIER_LABELS[chosen]}.`,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'customers'] });
    },
    onError: () => showErrorToast(),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Membership tier
        </label>
        <select
          id={id}
          value={chosen}
          onChange={(event) => setChosen(event.target.value as MembershipTierCode)}
          className="border-border bg-background h-10 rounded-md border px-3"
        >
          {TIERS.map((code) => (
            <option key={code} value={code}>
              {TIER_LABELS[code]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={buttonClass('outline', 'sm', 'h-10')}
        disabled={save.isPending || chosen === tier}
      >
        {save.isPending ? 'Saving…' : 'Save tier'}
      </button>
    </form>
  );
}
