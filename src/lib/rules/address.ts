// Australian delivery addresses for the store's checkout (decision 0091): one rule per field, used by the
// checkout form. private.delivery_address_problem in Postgres says the same (the orders table's check and
// place_order ask it); supabase/tests/database/store-address-rules-agree.test.ts runs every postcode of every
// state, and each field's boundary values, through both.
import { characterCount, hasControlCharacters, isTrimmed } from './text';

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type AuState = (typeof AU_STATES)[number];

export const AU_STATE_NAMES: Record<AuState, string> = {
  ACT: 'Australian Capital Territory',
  NSW: 'New South Wales',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  VIC: 'Victoria',
  WA: 'Western Australia',
};

/** Australia Post's postcode ranges of each state and territory, PO boxes and large-volume receivers included. */
export const POSTCODE_RANGES: Record<AuState, [number, number][]> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

export const isAuState = (value: string): value is AuState =>
  (AU_STATES as readonly string[]).includes(value);

export function isAuPostcode(state: string, postcode: string): boolean {
  if (!isAuState(state) || !/^[0-9]{4}$/.test(postcode)) return false;
  const code = Number(postcode);
  return POSTCODE_RANGES[state].some(([from, to]) => code >= from && code <= to);
}

/** A line of the address as stored: trimmed, one line, at most `max` characters. */
function lineProblem(value: string, max: number, empty: string, bad: string): string | undefined {
  if (value === '') return empty;
  if (!isTrimmed(value) || characterCount(value) > max || hasControlCharacters(value)) return bad;
  return undefined;
}

export const recipientProblem = (value: string) =>
  lineProblem(
    value,
    100,
    'Please enter the name to post to.',
    'The name must be one line of 100 characters or fewer.',
  );
export const streetProblem = (value: string) =>
  lineProblem(
    value,
    100,
    'Please enter the street address.',
    'The street address must be one line of 100 characters or fewer.',
  );
/** Optional: empty is saved as none. */
export const secondLineProblem = (value: string) =>
  value === ''
    ? undefined
    : lineProblem(value, 100, '', 'The second address line must be one line of 100 characters or fewer.');
export const suburbProblem = (value: string) =>
  lineProblem(
    value,
    60,
    'Please enter the suburb or town.',
    'The suburb must be one line of 60 characters or fewer.',
  );
export const stateProblem = (value: string) =>
  isAuState(value) ? undefined : 'Please choose the state or territory.';

export function postcodeProblem(state: string, postcode: string): string | undefined {
  if (!/^[0-9]{4}$/.test(postcode)) return 'A postcode is four digits, e.g. 2000.';
  if (isAuState(state) && !isAuPostcode(state, postcode))
    return `Postcode ${postcode} is not in ${state}. Please check the postcode and the state.`;
  return undefined;
}

export interface DeliveryAddress {
  name: string;
  line1: string;
  line2: string;
  suburb: string;
  state: string;
  postcode: string;
}

/** Each field's problem, as the form shows them beside the fields; empty when the address will do. */
export function deliveryAddressProblems(
  address: DeliveryAddress,
): Partial<Record<keyof DeliveryAddress, string>> {
  const problems: Record<keyof DeliveryAddress, string | undefined> = {
    name: recipientProblem(address.name),
    line1: streetProblem(address.line1),
    line2: secondLineProblem(address.line2),
    suburb: suburbProblem(address.suburb),
    state: stateProblem(address.state),
    postcode: postcodeProblem(address.state, address.postcode),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem)) as Partial<
    Record<keyof DeliveryAddress, string>
  >;
}
