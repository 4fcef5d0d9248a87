import { describe, expect, it } from 'vitest';
import { actorOf, describeAuditRow, fieldChanges, pluralLabel, type AuditRow } from './audit';

const row = (over: Partial<AuditRow>): AuditRow => ({
  id: 1,
  at: '2026-11-24T01:00:00Z',
  actor_id: 'a',
  actor_name: 'Ada Admin',
  actor_email: 'ada@example.com',
  entity: 'events',
  entity_id: 'e1e1e1e1-0000',
  entity_label: 'Ghost tour',
  entity_noun: 'event',
  action: 'update',
  before: null,
  after: null,
  ...over,
});

describe('describeAuditRow', () => {
  it('names a grant and a removal of the admin role', () => {
    const grant = row({
      entity: 'profiles',
      entity_label: 'Ada Lovelace',
      before: { is_admin: false },
      after: { is_admin: true },
    });
    expect(describeAuditRow(grant)).toBe('Granted admin to Ada Lovelace');
    const removal = row({
      entity: 'profiles',
      entity_label: 'Ada Lovelace',
      before: { is_admin: true },
      after: { is_admin: false },
    });
    expect(describeAuditRow(removal)).toBe('Removed admin from Ada Lovelace');
  });

  it('lists the changed fields of an update in words', () => {
    const update = row({
      before: { title: 'Old', price_cents: 100 },
      after: { title: 'Ghost tour', price_cents: 200 },
    });
    expect(describeAuditRow(update)).toBe("Updated event 'Ghost tour': title, price");
    const tier = row({
      entity: 'profiles',
      entity_noun: 'member',
      entity_label: 'Mia',
      before: { membership_tier: 'vip' },
      after: { membership_tier: 'next_room' },
    });
    expect(describeAuditRow(tier)).toBe('Updated member Mia: membership tier');
  });

  it('says a payment reminder was sent, by the automatic reminder (a booking’s history)', () => {
    const sent = row({
      actor_name: 'Automatic reminder',
      actor_email: null,
      entity: 'payment_reminders',
      entity_noun: 'payment reminder',
      entity_label: 'ahead of 20 March 2027: $100.00',
      action: 'send',
      after: { kind: 'before' },
    });
    expect(describeAuditRow(sent)).toBe('Sent payment reminder ahead of 20 March 2027: $100.00');
    expect(actorOf(sent)).toBe('Automatic reminder');
  });

  it('says what was created or deleted, and falls back to the id without a label', () => {
    expect(describeAuditRow(row({ action: 'insert', after: { title: 'Ghost tour' } }))).toBe(
      "Created event 'Ghost tour'",
    );
    expect(
      describeAuditRow(
        row({
          entity: 'waitlist_submissions',
          entity_noun: 'waitlist entry',
          entity_label: null,
          action: 'delete',
        }),
      ),
    ).toBe('Deleted waitlist entry #e1e1e1e1');
  });

  it("uses the database's noun, else the table's name in words", () => {
    expect(
      describeAuditRow(row({ entity: 'customer_notes', entity_noun: 'staff note', entity_label: 'Rang' })),
    ).toBe('Updated staff note Rang');
    expect(
      describeAuditRow(
        row({ entity: 'something_new', entity_noun: null, entity_label: 'X', action: 'delete' }),
      ),
    ).toBe('Deleted something new X');
  });
});

describe('fieldChanges and actorOf', () => {
  it('shows each field before and after, with a dash for none', () => {
    expect(
      fieldChanges({ before: { title: 'Old', is_admin: false }, after: { title: null, is_admin: true } }),
    ).toEqual([
      { field: 'title', before: 'Old', after: '—' },
      { field: 'is_admin', before: 'no', after: 'yes' },
    ]);
    expect(fieldChanges({ before: null, after: { tags: ['a'] } })).toEqual([
      { field: 'tags', before: '—', after: '["a"]' },
    ]);
  });

  it('names the actor, or their e-mail, or a deleted account', () => {
    expect(actorOf({ actor_name: ' ', actor_email: 'x@example.com' })).toBe('x@example.com');
    expect(actorOf({ actor_name: null, actor_email: null })).toBe('A deleted account');
  });
});

describe('pluralLabel', () => {
  it('names a list of rows by their noun', () => {
    expect(pluralLabel('staff note')).toBe('Staff notes');
    expect(pluralLabel('waitlist entry')).toBe('Waitlist entries');
    expect(pluralLabel('reply')).toBe('Replies');
    expect(pluralLabel('survey')).toBe('Surveys');
    expect(pluralLabel('inbox')).toBe('Inboxes');
    expect(pluralLabel('traveller form reminder')).toBe('Traveller form reminders');
  });
});
