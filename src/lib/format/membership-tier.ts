import type { Database } from '../supabase/database.types';

/** A profile's membership tier as the database stores it. */
export type MembershipTierCode = Database['public']['Enums']['membership_tier'];

/** The tiers as the product names them (spec §1): shown in the user menu, the dashboard and profiles. */
export const TIER_LABELS: Record<MembershipTierCode, string> = {
  vip: 'VIP Member',
  next_room: 'Next Room Member',
};

/** The tier's name, or '' while it is not known (no profile yet). */
export function tierLabel(tier: MembershipTierCode | null | undefined): string {
  return tier ? TIER_LABELS[tier] : '';
}
