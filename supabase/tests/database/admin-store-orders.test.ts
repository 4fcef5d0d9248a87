import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, ID, insertFixtures, type Actor } from './fixtures.ts';
import { messageOf } from './message-of.ts';
import { runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// /admin/store in the database (migration 20261205001001, decision 0094): an admin marks a bank transfer
// order paid (the whole total only), packs it and posts it with a tracking number, or makes a pickup order
// ready and hands it over; a wrong step is refused in words and changes nothing; each step e-mails the
// member once; only admins may do any of it; the list searches, filters and pages in one call, and one
// order's timeline says who took each step (the audit log).

const STICKERS = 'c2000000-0000-4000-8000-000000000006';
const ORDER = {
  posted: 'fe600000-0000-4000-8000-000000000001',
  pickup: 'fe600000-0000-4000-8000-000000000002',
  card: 'fe600000-0000-4000-8000-000000000003',
  expired: 'fe600000-0000-4000-8000-000000000004',
  other: 'fe600000-0000-4000-8000-000000000005',
};
const MISSING = 'fe600000-0000-4000-8000-0000000000ff';

interface OrderRow {
  state: string;
  paid_at: string | null;
  packed_at: string | null;
  shipped_at: string | null;
  tracking_number: string | null;
  carrier: string | null;
}

describe.each(DATABASE_KINDS)('admin store orders on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });
  // The audit log keeps every row (nothing may delete one): each case reads the rows after this id.
  let auditBefore = 0;
  beforeEach(async () => {
    auditBefore = (
      await db().query<{ id: number }>(`select coalesce(max(id), 0)::int as id from public.audit_log`)
    ).rows[0]!.id;
    await db().exec(`
      delete from public.orders where id::text like 'fe600000-%';
      delete from private.outbound_mail;
      insert into public.orders (id, number, user_id, state, pay_by, delivery, ship_name, ship_line1, ship_suburb,
                                 ship_state, ship_postcode, discount_percent, subtotal_cents, discount_cents,
                                 shipping_cents, total_cents, gst_cents, placed_at, expires_at) values
        ('${ORDER.posted}', 'S910001', '${ID.member}', 'awaiting_payment', 'bank_transfer', 'ship', 'Mia Member',
         '12 Lantern Street', 'Hobart', 'TAS', '7000', 10, 1600, 160, 1200, 2640, 240, now() - interval '3 days', now() + interval '4 days'),
        ('${ORDER.pickup}', 'S910002', '${ID.member}', 'awaiting_payment', 'bank_transfer', 'pickup', null, null,
         null, null, null, 10, 800, 80, 0, 720, 65, now() - interval '2 days', now() + interval '5 days'),
        ('${ORDER.card}', 'S910003', '${ID.member}', 'awaiting_payment', 'card', 'pickup', null, null,
         null, null, null, 10, 800, 80, 0, 720, 65, now() - interval '1 minute', now() + interval '30 minutes'),
        ('${ORDER.expired}', 'S910004', '${ID.member}', 'expired', 'bank_transfer', 'pickup', null, null,
         null, null, null, 10, 800, 80, 0, 720, 65, now() - interval '9 days', now() - interval '2 days'),
        ('${ORDER.other}', 'S910005', '${ID.other}', 'awaiting_payment', 'bank_transfer', 'pickup', null, null,
         null, null, null, 10, 800, 80, 0, 720, 65, now() - interval '1 day', now() + interval '6 days');
      insert into public.order_lines (order_id, position, variant_id, name, quantity, unit_price_cents,
                                      unit_discount_cents, line_total_cents, gst_cents)
      select id, 1, '${STICKERS}', 'Sticker Pack', case when id = '${ORDER.posted}' then 2 else 1 end, 800, 80,
             case when id = '${ORDER.posted}' then 1440 else 720 end,
             case when id = '${ORDER.posted}' then 131 else 65 end
      from public.orders where id::text like 'fe600000-%';
    `);
  });

  /** One step as the admin, committed, as one API request. */
  const step = (sql: string, params: unknown[]) =>
    withClaims(db(), claimsOf('admin'), async (tx) => {
      await tx.query(sql, params);
    });
  const refusedWith = (sql: string, params: unknown[], actor: Actor = 'admin') =>
    messageOf(db(), actor, sql, params);
  const orderOf = async (id: string) =>
    (
      await db().query<OrderRow>(
        `select state, paid_at, packed_at, shipped_at, tracking_number, carrier from public.orders where id = $1`,
        [id],
      )
    ).rows[0]!;
  const mails = async () =>
    (
      await db().query<{ recipient: string; subject: string; body: string }>(
        `select recipient, subject, body from private.outbound_mail order by created_at, subject`,
      )
    ).rows;
  const stockOf = async () =>
    (
      await db().query<{ stock: number }>(`select stock from public.product_variants where id = $1`, [
        STICKERS,
      ])
    ).rows[0]!.stock;

  const PAID = `select public.mark_order_paid($1, $2)`;
  const PACKED = `select public.mark_order_packed($1)`;
  const SHIPPED = `select public.mark_order_shipped($1, $2, $3)`;
  const COLLECTED = `select public.mark_order_collected($1)`;

  it('takes a posted bank transfer order through paid, packed and shipped, e-mailing the member at each step', async () => {
    await step(PAID, [ORDER.posted, 2640]);
    expect(await orderOf(ORDER.posted)).toMatchObject({ state: 'paid', packed_at: null });
    expect((await orderOf(ORDER.posted)).paid_at).not.toBeNull();
    await step(PACKED, [ORDER.posted]);
    expect((await orderOf(ORDER.posted)).state).toBe('packed');
    await step(SHIPPED, [ORDER.posted, ' 33ab 1234 5678 ', 'Australia Post']);
    const shipped = await orderOf(ORDER.posted);
    expect(shipped).toMatchObject({
      state: 'shipped',
      tracking_number: '33AB12345678',
      carrier: 'Australia Post',
    });
    expect(shipped.shipped_at).not.toBeNull();

    const sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Order S910001 confirmed: thank you',
      'Order S910001 is packed',
      'Order S910001 is on its way',
    ]);
    expect(sent.every((mail) => mail.recipient === 'member@fixture.test')).toBe(true);
    expect(sent[2]!.body).toContain('Tracking number: 33AB12345678 (Australia Post)');
    expect(sent[2]!.body).toContain('2 x Sticker Pack');
    expect(sent[2]!.body).toContain('Posted to: Mia Member, 12 Lantern Street, Hobart TAS 7000');
  });

  it('refuses a wrong step in words, changes nothing and e-mails nobody', async () => {
    expect(await refusedWith(PACKED, [ORDER.posted])).toBe(
      'Order S910001 is not paid yet: mark it paid when the transfer arrives.',
    );
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB1234', null])).toBe(
      'Order S910001 is not paid yet: mark it paid when the transfer arrives.',
    );
    expect(await refusedWith(PAID, [ORDER.posted, 2000])).toBe(
      'Order S910001 is for $26.40: record the payment when the whole total has arrived ($20.00 entered).',
    );
    expect(await refusedWith(PAID, [ORDER.posted, null])).toBe(
      'Order S910001 is for $26.40: record the payment when the whole total has arrived (nothing entered).',
    );
    expect(await refusedWith(PAID, [ORDER.card, 720])).toBe(
      'Order S910003 is paid by card: Stripe records its payment.',
    );
    expect(await refusedWith(PACKED, [ORDER.card])).toBe(
      'Order S910003 is not paid yet: the buyer has not paid by card.',
    );
    expect(await refusedWith(PAID, [MISSING, 720])).toBe('That order does not exist.');

    await step(PAID, [ORDER.posted, 2640]);
    expect(await refusedWith(PAID, [ORDER.posted, 2640])).toBe('Order S910001 is already paid.');
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB1234', null])).toBe(
      'Order S910001 is not packed yet: pack it first.',
    );
    expect(await refusedWith(COLLECTED, [ORDER.posted])).toBe(
      'Order S910001 is posted, not picked up: mark it shipped with its tracking number.',
    );
    await step(PACKED, [ORDER.posted]);
    expect(await refusedWith(PACKED, [ORDER.posted])).toBe('Order S910001 is already packed.');
    expect(await refusedWith(SHIPPED, [ORDER.posted, '  ', null])).toBe('Please enter the tracking number.');
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB1', null])).toBe(
      'A tracking number is 4 to 40 letters, digits and dashes.',
    );
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB#1234', null])).toBe(
      'A tracking number is 4 to 40 letters, digits and dashes.',
    );
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB1234', 'x'.repeat(41)])).toBe(
      'The carrier must be one line of 40 characters or fewer.',
    );
    await step(SHIPPED, [ORDER.posted, 'AB1234', '  ']);
    expect(await orderOf(ORDER.posted)).toMatchObject({ tracking_number: 'AB1234', carrier: null });
    expect(await refusedWith(SHIPPED, [ORDER.posted, 'AB1234', null])).toBe(
      'Order S910001 is already shipped.',
    );
    expect(await refusedWith(PAID, [ORDER.posted, 2640])).toBe('Order S910001 is already paid.');
    // Only the three steps taken were e-mailed, each once.
    expect((await mails()).length).toBe(3);
  });

  it('makes a pickup order ready, then collected, refusing a tracking number for it', async () => {
    await step(PAID, [ORDER.pickup, 720]);
    expect(await refusedWith(COLLECTED, [ORDER.pickup])).toBe(
      'Order S910002 is not ready for pickup yet: mark it ready for pickup first.',
    );
    await step(PACKED, [ORDER.pickup]);
    expect(await refusedWith(PACKED, [ORDER.pickup])).toBe('Order S910002 is already ready for pickup.');
    expect(await refusedWith(SHIPPED, [ORDER.pickup, 'AB1234', null])).toBe(
      'Order S910002 is picked up, not posted: mark it collected when the buyer takes it.',
    );
    await step(COLLECTED, [ORDER.pickup]);
    expect(await orderOf(ORDER.pickup)).toMatchObject({ state: 'shipped', tracking_number: null });
    expect(await refusedWith(COLLECTED, [ORDER.pickup])).toBe('Order S910002 is already collected.');
    expect((await mails()).map((mail) => mail.subject)).toEqual([
      'Order S910002 confirmed: thank you',
      'Order S910002 is ready for pickup',
    ]);
  });

  it('marks an order paid that expired meanwhile when its items are still on the shelf, taking them again', async () => {
    await db().query(`update public.product_variants set stock = 0 where id = $1`, [STICKERS]);
    expect(await refusedWith(PAID, [ORDER.expired, 720])).toBe(
      'Order S910004 expired and some of its items have sold since: restock them on /admin/merchandise first.',
    );
    expect(await refusedWith(PACKED, [ORDER.expired])).toBe(
      'Order S910004 expired unpaid and its items went back on the shelf: nothing to pack.',
    );
    await db().query(`update public.product_variants set stock = 3 where id = $1`, [STICKERS]);
    await step(PAID, [ORDER.expired, 720]);
    expect((await orderOf(ORDER.expired)).state).toBe('paid');
    expect(await stockOf()).toBe(2);
  });

  it('lets only admins take a step or read the orders', async () => {
    for (const actor of ['visitor', 'member', 'other'] as const) {
      for (const [sql, params] of [
        [PAID, [ORDER.posted, 2640]],
        [PACKED, [ORDER.posted]],
        [SHIPPED, [ORDER.posted, 'AB1234', null]],
        [COLLECTED, [ORDER.pickup]],
        [`select * from public.admin_orders()`, []],
        [`select * from public.admin_order($1)`, [ORDER.posted]],
      ] as const) {
        const message = await refusedWith(sql, [...params], actor);
        expect(message, `${actor}: ${sql}`).toMatch(/^(only an admin can|permission denied)/);
      }
    }
    expect((await orderOf(ORDER.posted)).state).toBe('awaiting_payment');
    expect(await mails()).toEqual([]);
  });

  it('lists a page of orders, searched by number, buyer or e-mail and filtered by state and payment', async () => {
    const list = (args: Record<string, unknown>) =>
      runAs(db(), 'admin', async (tx) => {
        const { rows } = await tx.query<{
          number: string;
          buyer_name: string;
          buyer_email: string;
          items: number;
          state: string;
          total_count: number;
        }>(
          `select * from public.admin_orders(search => $1, filter => $2, pay => $3, sort => $4, direction => $5,
                                             page_size => $6, page_offset => $7)`,
          [
            args.search ?? '',
            args.filter ?? '',
            args.pay ?? '',
            args.sort ?? 'placed',
            args.direction ?? 'desc',
            args.size ?? 25,
            args.offset ?? 0,
          ],
        );
        return rows.filter((row) => row.number.startsWith('S91'));
      });
    const numbers = (rows: { number: string }[]) => rows.map((row) => row.number);
    expect(numbers(await list({}))).toEqual(['S910003', 'S910005', 'S910002', 'S910001', 'S910004']);
    expect(await list({ search: 's910001' })).toMatchObject([
      {
        number: 'S910001',
        buyer_name: 'Mia Member',
        buyer_email: 'member@fixture.test',
        items: 2,
        total_count: 1,
      },
    ]);
    expect(numbers(await list({ search: 'Oscar' }))).toEqual(['S910005']);
    expect(numbers(await list({ search: 'other@fixture' }))).toEqual(['S910005']);
    expect(numbers(await list({ filter: 'expired' }))).toEqual(['S910004']);
    expect(numbers(await list({ pay: 'card' }))).toEqual(['S910003']);
    expect(numbers(await list({ sort: 'number', direction: 'asc', search: 'S9100' }))).toEqual([
      'S910001',
      'S910002',
      'S910003',
      'S910004',
      'S910005',
    ]);
    const page = await list({ sort: 'number', direction: 'asc', search: 'S9100', size: 2, offset: 2 });
    expect(page.map((row) => [row.number, row.total_count])).toEqual([
      ['S910003', 5],
      ['S910004', 5],
    ]);
    expect(await refusedWith(`select * from public.admin_orders(filter => 'lost')`, [])).toBe(
      'Show orders awaiting payment, paid, packed, shipped or expired, or all of them.',
    );
    expect(await refusedWith(`select * from public.admin_orders(pay => 'cash')`, [])).toBe(
      'Show orders paid by card or by bank transfer, or both.',
    );
  });

  it("reads one order's buyer and its timeline, with the admin who took each step", async () => {
    await step(PAID, [ORDER.posted, 2640]);
    await step(PACKED, [ORDER.posted]);
    await step(SHIPPED, [ORDER.posted, 'AB1234', null]);
    const [order] = await runAs(db(), 'admin', async (tx) => {
      const { rows } = await tx.query<{
        buyer_name: string;
        buyer_email: string;
        steps: { step: string; by: string | null }[];
      }>(`select * from public.admin_order($1)`, [ORDER.posted]);
      return rows;
    });
    expect(order).toMatchObject({ buyer_name: 'Mia Member', buyer_email: 'member@fixture.test' });
    expect(order!.steps.map(({ step, by }) => [step, by])).toEqual([
      ['placed', null],
      ['paid', 'Ada Admin'],
      ['packed', 'Ada Admin'],
      ['shipped', 'Ada Admin'],
    ]);
    // The audit log keeps each step as the admin's change of the order.
    const { rows } = await db().query<{ label: string; noun: string; state: string }>(
      `select entity_label as label, entity_noun as noun, after ->> 'state' as state from public.audit_log
       where entity = 'orders' and id > $1 order by id`,
      [auditBefore],
    );
    expect(rows).toEqual([
      { label: 'S910001', noun: 'order', state: 'paid' },
      { label: 'S910001', noun: 'order', state: 'packed' },
      { label: 'S910001', noun: 'order', state: 'shipped' },
    ]);
  });
});
