import { describe, expect, it } from 'vitest';
import { travellerProblems } from './traveller-rules';
import { localToday } from '../bookings/bookings';
import { ADD_TO_BOOKING_RULES, EMPTY_TRAVELLER, toInput, toValues, validateTraveller } from './travellers';

describe('toValues', () => {
  it('saves trimmed text and empty optional fields as null', () => {
    expect(
      toValues({ ...EMPTY_TRAVELLER, full_name: '  Mina Harker ', phone: '   ', dietary_notes: ' Vegan\n' }),
    ).toEqual({
      full_name: 'Mina Harker',
      date_of_birth: null,
      phone: null,
      dietary_notes: 'Vegan',
      medical_notes: null,
      emergency_contact_name: null,
      emergency_contact_phone: null,
    });
  });
});

describe('toInput', () => {
  it('turns a stored traveller back into form text, and round-trips', () => {
    const stored = {
      id: 't1',
      full_name: 'Mina Harker',
      date_of_birth: '1990-05-01',
      phone: null,
      dietary_notes: null,
      medical_notes: 'Asthma',
      emergency_contact_name: 'Jonathan Harker',
      emergency_contact_phone: '0400 111 222',
    };
    const input = toInput(stored);
    expect(input.phone).toBe('');
    expect(input.date_of_birth).toBe('1990-05-01');
    const { id: _id, ...values } = stored;
    expect(toValues(input)).toEqual(values);
  });
});

describe("the traveller forms say the rules' words", () => {
  it("the details form gives every problem of travellerProblems, judged by the member's today", () => {
    const input = { ...EMPTY_TRAVELLER, date_of_birth: '2999-01-01', phone: '12' };
    expect(validateTraveller(input)).toEqual(travellerProblems(input, localToday()));
    expect(Object.keys(validateTraveller(input))).toEqual(['full_name', 'date_of_birth', 'phone']);
    expect(
      validateTraveller({ ...EMPTY_TRAVELLER, full_name: 'Mina Harker', date_of_birth: localToday() }),
    ).toEqual({});
  });
  it('adding one to a booking needs a choice', () => {
    expect(ADD_TO_BOOKING_RULES.travellerId('', { travellerId: '' })).toBe(
      'Choose a traveller to add to this booking.',
    );
    expect(ADD_TO_BOOKING_RULES.travellerId('t1', { travellerId: 't1' })).toBeUndefined();
  });
});
