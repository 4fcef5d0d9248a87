import { describe, expect, it } from 'vitest';
import { toCsv } from '../table/csv';
import type { ContactRow, WaitlistRow } from './enquiries.data';
import { doneAt, enquiryCsvColumns } from './enquiry-columns';
import { kindOf } from './enquiry-labels';
import { validateEnquirySearch } from './enquiry-search';

const waitlist: WaitlistRow = {
  id: 'a',
  position: 2,
  event_name: 'Lantern walk',
  event_id: null,
  full_name: 'Una Early',
  email: 'una@example.com',
  phone: null,
  notes: '=HYPERLINK("x")',
  marketing_consent: true,
  created_at: '2026-11-20T01:00:00+00:00',
  contacted_at: null,
  offer_id: null,
  offer_state: null,
  offer_places: null,
  offer_expires_at: null,
  offer_event_title: null,
};

describe('the enquiries screen', () => {
  it('opens the waitlist unless the filter names another list', () => {
    expect([undefined, 'waitlist', 'interest', 'contact', 'nonsense'].map(kindOf)).toEqual([
      'waitlist',
      'waitlist',
      'interest',
      'contact',
      'waitlist',
    ]);
  });

  it('keeps a trip and a status from the address, and drops what is malformed', () => {
    expect(
      validateEnquirySearch({ filter: 'interest', event: 'Lantern walk', show: 'open', page: '2' }),
    ).toEqual({ filter: 'interest', event: 'Lantern walk', show: 'open', page: 2 });
    expect(validateEnquirySearch({ show: 'everything', event: 'x'.repeat(201) })).toEqual({});
  });

  it('exports a waitlist entry with its position, consent and answered time, formulas defused', () => {
    const csv = toCsv(enquiryCsvColumns('waitlist'), [waitlist]);
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Position,Trip,Joined,Name,E-mail,Phone,Notes,Trip news by e-mail,Offer,Offer detail,Contacted',
      `2,Lantern walk,2026-11-20T01:00:00+00:00,Una Early,una@example.com,,"'=HYPERLINK(""x"")",yes,,,`,
      '',
    ]);
  });

  it('exports an entry’s latest offer in words', () => {
    const offered: WaitlistRow = {
      ...waitlist,
      offer_id: 'o',
      offer_state: 'taken',
      offer_places: 2,
      offer_expires_at: '2026-11-22T01:00:00Z',
      offer_event_title: 'Lantern walk',
    };
    const csv = toCsv(enquiryCsvColumns('waitlist'), [offered]);
    expect(csv).toContain(',yes,Booked,2 places on Lantern walk,');
  });

  it('reads the answered time from the list’s own column', () => {
    const contact: ContactRow = { ...waitlist, message: 'Hi', handled_at: '2026-11-21T00:00:00Z' };
    expect(doneAt('contact', contact)).toBe('2026-11-21T00:00:00Z');
    expect(doneAt('waitlist', waitlist)).toBeNull();
    expect(enquiryCsvColumns('contact').map((column) => column.header)).toEqual([
      'Received',
      'Name',
      'E-mail',
      'Phone',
      'Message',
      'Handled',
    ]);
  });
});
