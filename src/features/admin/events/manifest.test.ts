import { describe, expect, it } from 'vitest';
import { toCsv } from '../table/csv';
import type { ManifestTraveller } from './active-events.data';
import {
  ageLabel,
  departureLabel,
  emergencyLabel,
  eventDatesLabel,
  isEventId,
  MANIFEST_CSV,
  manifestFileName,
  placesLabel,
  unnamedPlaces,
} from './manifest';

const traveller: ManifestTraveller = {
  traveller_id: 't1',
  booking_id: 'b1',
  invoice_number: 'INV-1',
  booked_by: 'Mia Member',
  booked_by_email: 'mia@example.com',
  full_name: 'Mia Member',
  date_of_birth: '1990-06-15',
  age_on_departure: 36,
  phone: null,
  dietary_notes: 'No nuts, "ever"',
  medical_notes: '=HYPERLINK("x")',
  emergency_contact_name: 'Sam',
  emergency_contact_phone: '0412 345 678',
};

describe('the active-events labels', () => {
  it('says whether an event is running, ends today or how far off it departs', () => {
    expect(departureLabel({ start_date: '2026-11-20', end_date: '2026-11-30' }, '2026-11-24')).toBe(
      'Running now',
    );
    expect(departureLabel({ start_date: '2026-11-20', end_date: '2026-11-24' }, '2026-11-24')).toBe(
      'Last day today',
    );
    expect(departureLabel({ start_date: '2026-11-25', end_date: '2026-11-26' }, '2026-11-24')).toBe(
      'Departs tomorrow',
    );
    expect(departureLabel({ start_date: '2027-01-23', end_date: '2027-01-26' }, '2026-11-24')).toBe(
      'Departs in 60 days',
    );
  });

  it('writes dates, places against capacity and places without a name', () => {
    expect(eventDatesLabel({ start_date: '2026-12-01', end_date: '2026-12-01' })).toBe('1st December, 2026');
    expect(eventDatesLabel({ start_date: '2026-12-01', end_date: '2026-12-03' })).toBe(
      '1st December, 2026 – 3rd December, 2026',
    );
    expect(placesLabel({ places_sold: 7, capacity: 1200 })).toBe('7 of 1,200');
    expect(placesLabel({ places_sold: 7, capacity: null })).toBe('7 (no limit)');
    expect(unnamedPlaces({ places_sold: 5, travellers_named: 3 })).toBe(2);
    expect(unnamedPlaces({ places_sold: 1, travellers_named: 2 })).toBe(0);
  });
});

describe('the manifest', () => {
  it('shows an unknown age and a contact on one line', () => {
    expect(ageLabel({ age_on_departure: null })).toBe('Unknown');
    expect(ageLabel({ age_on_departure: 0 })).toBe('0');
    expect(emergencyLabel(traveller)).toBe('Sam, 0412 345 678');
    expect(emergencyLabel({ emergency_contact_name: null, emergency_contact_phone: '02 9999 9999' })).toBe(
      '02 9999 9999',
    );
  });

  it('exports quoted, formula-safe CSV named after the event', () => {
    const [header, row] = toCsv(MANIFEST_CSV, [traveller]).replace('\uFEFF', '').split('\r\n');
    expect(header).toBe(
      'Traveller,Date of birth,Age on departure,Phone,Dietary notes,Medical notes,Emergency contact,Emergency phone,Invoice,Booked by,Booked by e-mail',
    );
    expect(row).toBe(
      `Mia Member,1990-06-15,36,,"No nuts, ""ever""","'=HYPERLINK(""x"")",Sam,0412 345 678,INV-1,Mia Member,mia@example.com`,
    );
    expect(manifestFileName({ slug: 'ghost-walk', start_date: '2026-12-01' })).toBe(
      'manifest-ghost-walk-2026-12-01.csv',
    );
  });

  it('asks the database only about ids that are UUIDs', () => {
    expect(isEventId('f2000000-0000-4000-8000-000000000401')).toBe(true);
    expect(isEventId('not-an-id')).toBe(false);
    expect(isEventId('')).toBe(false);
  });
});
