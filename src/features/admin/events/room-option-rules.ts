// A departure's room options (decision 0077): one rule per field, as public.event_room_options checks them.
import { characterCount, hasControlCharacters } from '../../../lib/rules/text';

export const ROOM_LABEL_MAX = 60;
/** The largest supplement per traveller, in whole currency units (the database: 10,000,000 cents). */
export const ROOM_SUPPLEMENT_MAX = 100_000;
const MONEY = /^\d+(\.\d{1,2})?$/;

export function roomLabelProblem(value: string): string | undefined {
  const label = value.trim();
  if (!label) return 'Name the room, e.g. Twin share.';
  if (characterCount(label) > ROOM_LABEL_MAX)
    return `The name must be ${ROOM_LABEL_MAX} characters or fewer.`;
  if (hasControlCharacters(label)) return "The name contains characters we can't save.";
  return undefined;
}

/** The supplement per traveller: 0 (empty counts as 0) up to ROOM_SUPPLEMENT_MAX, at most two decimals. */
export function roomSupplementProblem(value: string): string | undefined {
  const supplement = value.trim().replace(/,/g, '');
  if (!supplement) return undefined;
  if (!MONEY.test(supplement)) return 'Enter the supplement as a number, such as 650 or 650.50 (0 for none).';
  if (Number(supplement) > ROOM_SUPPLEMENT_MAX)
    return `The supplement must be ${ROOM_SUPPLEMENT_MAX.toLocaleString('en-AU')} or less.`;
  return undefined;
}

/** The supplement in cents, for a value roomSupplementProblem accepts. */
export function supplementCents(value: string): number {
  const supplement = value.trim().replace(/,/g, '');
  if (!supplement) return 0;
  const [whole, fraction = ''] = supplement.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
