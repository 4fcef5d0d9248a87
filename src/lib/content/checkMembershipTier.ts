import { FieldChecker } from './fieldChecker';
import type { MembershipTier } from './types';

export function checkMembershipTier(tier: MembershipTier): MembershipTier {
  const check = new FieldChecker(tier);
  check.text('name', tier.name);
  check.slug('slug', tier.slug);
  check.wholeNumber('order', tier.order, 1, Number.MAX_SAFE_INTEGER);
  check.text('summary', tier.summary);
  check.textList('benefits', tier.benefits, { min: 1 });
  return tier;
}
