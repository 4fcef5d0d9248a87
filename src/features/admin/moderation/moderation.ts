// Pure helpers of the moderation screen: how times read, and the suspension lengths on offer.
const WHEN = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A moment as the company reads it (Sydney time). */
export function formatWhen(iso: string): string {
  return WHEN.format(new Date(iso));
}

/** How long a suspension lasts, in days: the choices of the suspend dialog. */
export const SUSPENSION_DAYS = [1, 3, 7, 30, 90] as const;

/** The end of a suspension of `days` days starting at `from`. */
export function suspensionEnd(days: number, from: Date = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

export const daysLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);
