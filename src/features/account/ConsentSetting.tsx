import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showToast } from '../../stores/toasts';
import { ownProfileKey, setMarketingConsent, type OwnProfile } from './account.data';

/**
 * Trip news by e-mail (Spam Act): the profile's marketing_consent, which only the member changes; the
 * database stamps when it changed (profiles.marketing_consent_at).
 */
export function ConsentSetting({ profile }: { profile: OwnProfile }) {
  const queryClient = useQueryClient();
  // The member's latest click, shown at once: the query cache tells React of a change a tick later, and a
  // controlled checkbox would snap back in between. Cleared once the saved profile has been read again.
  const [choice, setChoice] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (consent: boolean) => setMarketingConsent(profile.id, consent),
    onSuccess: async (_, consent) => {
      await queryClient.invalidateQueries({ queryKey: ownProfileKey(profile.id) });
      showToast({
        title: consent ? 'Subscribed to trip news' : 'Unsubscribed from trip news',
        description: consent
          ? 'We will e-mail you about new trips. Every e-mail has an unsubscribe link.'
          : 'We will not send you marketing e-mail.',
        variant: 'success',
      });
    },
    onError: (error) =>
      showToast({ title: 'Could not save your choice', description: error.message, variant: 'destructive' }),
    onSettled: () => setChoice(null),
  });
  const checked = choice ?? profile.marketing_consent;
  return (
    <label className="flex items-start gap-3">
      <input
        type="checkbox"
        checked={checked}
        disabled={save.isPending}
        onChange={(event) => {
          setChoice(event.target.checked);
          save.mutate(event.target.checked);
        }}
        className="mt-1 size-4"
      />
      <span>
        E-mail me news about upcoming trips
        <span className="text-muted-foreground block text-sm">
          Booking e-mails always come; this is only for news and offers.
        </span>
      </span>
    </label>
  );
}
