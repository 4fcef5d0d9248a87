import { describe, expect, it } from 'vitest';
import { EMPTY_TRAVELLER, toInput, toValues } from './travellers';

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
