import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { TIER_LABELS } from '../../lib/format/membership-tier';
import { customerIdFromPath, formatMemberSince } from './account';
import { fetchPublicProfile, publicProfileKey } from './account.data';
import { Notice } from './Section';
import { $isAdmin } from '../../stores/session';

// An admin sees the customer's whole record here (issue 10); its code loads only for admins.
const AdminCustomerProfile = lazy(() =>
  import('../admin/customers/AdminCustomerProfile').then((module) => ({
    default: module.AdminCustomerProfile,
  })),
);

/**
 * /customer/{id}: one static shell (public/_redirects rewrites /customer/* to it) whose island reads the id
 * from the address. Only what member_public_profile() exposes: name, member since, tier.
 */
export function PublicProfile() {
  const [id] = useState(() => customerIdFromPath(window.location.pathname));
  const isAdmin = useStore($isAdmin);
  const profile = useQuery({
    queryKey: publicProfileKey(id ?? ''),
    queryFn: () => fetchPublicProfile(id ?? ''),
    enabled: id !== null && !isAdmin,
  });
  if (isAdmin && id !== null) {
    return (
      <Suspense fallback={<p role="status">Loading customer…</p>}>
        <AdminCustomerProfile customerId={id} />
      </Suspense>
    );
  }
  if (id === null || profile.data === null) {
    return (
      <Notice tone="error">
        We could not find that member. The link may be mistyped, or the account has been deleted.
      </Notice>
    );
  }
  if (profile.error)
    return <Notice tone="error">We could not load this profile: {profile.error.message}</Notice>;
  if (!profile.data) return <p role="status">Loading profile…</p>;
  const member = profile.data;
  return (
    <article className="bg-card text-card-foreground border-border max-w-md rounded-lg border p-6">
      <h2 className="text-2xl font-semibold">{member.full_name ?? 'Anonymous'}</h2>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
        <dt className="text-muted-foreground text-sm">Member since</dt>
        <dd className="font-medium">{formatMemberSince(member.member_since)}</dd>
        <dt className="text-muted-foreground text-sm">Membership</dt>
        <dd className="font-medium">{TIER_LABELS[member.membership_tier]}</dd>
      </dl>
    </article>
  );
}
