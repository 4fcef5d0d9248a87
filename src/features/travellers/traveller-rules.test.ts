import { describe, expect, it } from 'vitest';
import {
  birthDateProblem,
  isIsoCalendarDate,
  travellerProblems,
  type TravellerInput,
} from './traveller-rules';

const TODAY = '2026-11-24';
const blank: TravellerInput = {
  full_name: '',
  date_of_birth: '',
  phone: '',
  dietary_notes: '',
  medical_notes: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
};

describe('birthDateProblem', () => {
  it('is optional and accepts real days from 1900 to today', () => {
    expect(birthDateProblem('', TODAY)).toBeUndefined();
    expect(birthDateProblem('1900-01-01', TODAY)).toBeUndefined();
    expect(birthDateProblem('2000-02-29', TODAY)).toBeUndefined();
    expect(birthDateProblem(TODAY, TODAY)).toBeUndefined();
  });
  it('refuses impossible days, other spellings and dates outside the range', () => {
    expect(birthDateProblem('2001-02-29', TODAY)).toBe('Please enter a valid date of birth.');
    expect(birthDateProblem('15/06/1987', TODAY)).toBe('Please enter a valid date of birth.');
    expect(birthDateProblem('1899-12-31', TODAY)).toBe(
      'Please enter a date of birth between 1 January 1900 and today.',
    );
    expect(birthDateProblem('2026-11-25', TODAY)).toBe(
      'Please enter a date of birth between 1 January 1900 and today.',
    );
  });
  it('knows calendar days', () => {
    expect(isIsoCalendarDate('2024-02-29')).toBe(true);
    expect(isIsoCalendarDate('2023-02-29')).toBe(false);
    expect(isIsoCalendarDate('2023-04-31')).toBe(false);
  });
});

describe('travellerProblems', () => {
  it('needs only a name', () => {
    expect(travellerProblems(blank, TODAY)).toEqual({
      full_name: "Please enter your traveller's full name.",
    });
    expect(travellerProblems({ ...blank, full_name: 'Jonathan Harker' }, TODAY)).toEqual({});
  });
  it('names each field that cannot be saved', () => {
    expect(
      travellerProblems(
        {
          full_name: 'Jonathan Harker',
          date_of_birth: '2030-01-01',
          phone: '12',
          dietary_notes: 'x'.repeat(2001),
          medical_notes: 'ok',
          emergency_contact_name: 'x'.repeat(121),
          emergency_contact_phone: 'abc',
        },
        TODAY,
      ),
    ).toEqual({
      date_of_birth: 'Please enter a date of birth between 1 January 1900 and today.',
      phone: 'Please enter a valid phone number, or leave it empty.',
      dietary_notes: 'Your dietary notes must be 2000 characters or fewer.',
      emergency_contact_name: "Your emergency contact's name must be 120 characters or fewer.",
      emergency_contact_phone: 'Please enter a valid phone number, or leave it empty.',
    });
  });
});
