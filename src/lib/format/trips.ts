import type { TripStatus } from '../content/types';

const BADGE_LABELS: Record<TripStatus, string> = {
  'coming-soon': 'Coming Soon',
  'planning-phase': 'Planning Phase',
};

export function badgeLabel(status: TripStatus): string {
  return BADGE_LABELS[status];
}

/** "4 Nights", "1 Night". */
export function nightsLabel(nights: number): string {
  return `${nights} ${nights === 1 ? 'Night' : 'Nights'}`;
}
