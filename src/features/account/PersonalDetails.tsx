import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@supabase/supabase-js';
import { $user } from '../../stores/session';
import { TIER_LABELS } from '../../lib/format/membership-tier';
import { formatMemberSince } from './account';
import { fetchOwnProfile, ownProfileKey, type OwnProfile } from './account.data';
import { DetailsForm } from './DetailsForm';
import { EmailChange } from './EmailChange';
import { Notice, Section } from './Section';

/** /personal-details: name and phone, the e-mail address, and what was given at sign-up. */
export function PersonalDetails() {
  const user = useStore($user);
  const profile = useQuery({
    queryKey: ownProfileKey(user?.id ?? ''),
    queryFn: () => fetchOwnProfile(user?.id ?? ''),
    enabled: Boolean(user),
  });
  if (!user) return null;
  return (
    <div className="space-y-6">
      <Section
        title="Your details"
        description={
          <>
            The name and phone number we use for your bookings. Other members see only your name, membership
            and when you joined, on{' '}
            <a href={`/customer/${user.id}`} className="text-primary underline">
              your public profile
            </a>
            .
          </>
        }
      >
        {profile.data ? (
          <DetailsForm key={profile.data.id} profile={profile.data} />
        ) : profile.error ? (
          <Notice tone="error">We could not load your details: {profile.error.message}</Notice>
        ) : (
          <p role="status">Loading your details…</p>
        )}
      </Section>
      <Section title="E-mail address" description="Where we send booking news and sign-in links.">
        <EmailChange user={user} />
      </Section>
      <Section
        title="Your sign-up details"
        description="What your account was created with. If anything here is not what you entered, please tell us through the contact page."
      >
        <SignUpDetails user={user} profile={profile.data} />
      </Section>
    </div>
  );
}

function SignUpDetails({ user, profile }: { user: User; profile: OwnProfile | undefined }) {
  const signUpName =
    typeof user.user_metadata['full_name'] === 'string' ? user.user_metadata['full_name'] : '';
  const rows: [string, string][] = [
    ['Name given at sign-up', signUpName || 'None given'],
    ['E-mail address', user.email ?? ''],
    ['Account created', formatMemberSince(user.created_at)],
    ['E-mail confirmed', user.email_confirmed_at ? 'Yes' : 'Not yet'],
    ['Membership', profile ? TIER_LABELS[profile.membership_tier] : '…'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground text-sm">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
