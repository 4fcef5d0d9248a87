import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageProblem } from '../../../src/lib/rules/fields.ts';
import { ID, insertFixtures, type Actor } from './fixtures.ts';
import { classify, runAs, type Outcome } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// admin_customers, admin_customer and customer_notes (migrations 20261126200001, 20261129200001), on both engines. Every
// call runs as the actor through withClaims and is rolled back, so each test starts from the fixtures.

interface Row {
  id: string;
  kind: string;
  email: string;
  full_name: string | null;
  tier: string;
  bookings: number;
  last_activity: string | null;
}
interface Page {
  total: number;
  rows: Row[];
}

describe.each(DATABASE_KINDS)('admin customers on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // The money behind the member's paid instalment: paid is the payments (decision 0073). The tier the
    // deposit earns is put back, as the record below reads the fixture's.
    await testDb.db.exec(`
      insert into public.payments (booking_id, amount_cents, received_on) values ('${ID.bookingMember}', 50000, '2026-06-01');
      update public.profiles set membership_tier = 'vip' where id = '${ID.member}';
    `);
    // An enquirer whose name holds the characters a search must take literally, and the member's own
    // enquiry under another letter case (it is the member's, not a second customer).
    await testDb.db.query(
      `insert into public.contact_messages (full_name, email, message, created_at) values
         ('Percy 100% Under_score', 'Percy@Fixture.test', 'Hi', now() + interval '1 hour'),
         ('Mia Member', 'MEMBER@fixture.test', 'A question', now() + interval '2 hours')`,
    );
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  // One page as the app reads it (decision 0052): the rows, and the total every row carries.
  async function list(actor: Actor, args: string): Promise<Page> {
    return runAs(db(), actor, async (tx) => {
      const { rows } = await tx.query<Row & { total_count: number }>(
        `select * from public.admin_customers(${args})`,
      );
      return { total: rows[0]?.total_count ?? 0, rows };
    });
  }
  async function outcome(actor: Actor, sql: string): Promise<Outcome> {
    try {
      return await runAs(db(), actor, async (tx) => (await tx.query(sql)).rowCount ?? 0);
    } catch (error) {
      return classify(error);
    }
  }

  describe('admin_customers', () => {
    it('lists members and enquirers once each, newest first, with the total', async () => {
      // The seed's sample customers are there too; the fixtures' all have @fixture.test addresses.
      const page = await list('admin', `'@fixture.test'`);
      expect(page.total).toBe(7);
      expect(page.rows.map((row) => [row.email, row.kind, row.tier]).sort()).toEqual([
        ['admin@fixture.test', 'member', 'vip'],
        ['cara@fixture.test', 'enquirer', 'enquirer'],
        ['ian@fixture.test', 'enquirer', 'enquirer'],
        ['member@fixture.test', 'member', 'vip'],
        ['other@fixture.test', 'member', 'vip'],
        ['percy@fixture.test', 'enquirer', 'enquirer'],
        ['wendy@fixture.test', 'enquirer', 'enquirer'],
      ]);
    });

    it('counts bookings and takes the latest activity, the enquiry under another letter case included', async () => {
      const page = await list('admin', `'member@fixture', '', 'joined', 'desc', 25, 0`);
      expect(page.rows).toEqual([
        expect.objectContaining({ id: ID.member, full_name: 'Mia Member', bookings: 1 }),
      ]);
      const [row] = page.rows;
      const enquiry = await runAs(db(), 'admin', async (tx) => {
        const { rows } = await tx.query<{ at: string }>(
          `select to_jsonb(max(created_at)) #>> '{}' as at from public.contact_messages where email = 'MEMBER@fixture.test'`,
        );
        return rows[0]!.at;
      });
      expect(new Date(row!.last_activity!).getTime()).toBe(new Date(enquiry).getTime());
    });

    it('searches name or e-mail, trimmed, with % and _ taken literally', async () => {
      expect((await list('admin', `'  oscar  '`)).rows.map((row) => row.id)).toEqual([ID.other]);
      expect((await list('admin', `'IAN@FIXTURE'`)).rows.map((row) => row.email)).toEqual([
        'ian@fixture.test',
      ]);
      expect((await list('admin', `'100%'`)).rows.map((row) => row.email)).toEqual(['percy@fixture.test']);
      expect((await list('admin', `'a_a'`)).total).toBe(0);
      expect((await list('admin', `'under_'`)).total).toBe(1);
      expect((await list('admin', `'0%s'`)).total).toBe(0);
    });

    it('shows only members or only enquirers when asked', async () => {
      const members = await list('admin', `'fixture.test', 'member', 'email', 'asc', 25, 0`);
      expect(members.rows.map((row) => row.email)).toEqual([
        'admin@fixture.test',
        'member@fixture.test',
        'other@fixture.test',
      ]);
      const enquirers = await list('admin', `'fixture.test', 'enquirer', 'email', 'asc', 25, 0`);
      expect(enquirers.total).toBe(4);
      expect(enquirers.rows.every((row) => row.kind === 'enquirer')).toBe(true);
    });

    it('sorts by any column either way and pages', async () => {
      const byBookings = await list('admin', `'fixture.test', '', 'bookings', 'desc', 2, 0`);
      expect(byBookings.total).toBe(7);
      expect(byBookings.rows.map((row) => row.bookings)).toEqual([1, 1]);
      expect(byBookings.rows.map((row) => row.id).sort()).toEqual([ID.member, ID.other].sort());
      const byName = await list('admin', `'fixture.test', '', 'name', 'asc', 25, 0`);
      expect(byName.rows.map((row) => row.full_name)).toEqual([
        'Ada Admin',
        'Cara Contact',
        'Ian Interest',
        'Mia Member',
        'Oscar Other',
        'Percy 100% Under_score',
        'Wendy Wait',
      ]);
      const byNameDown = await list('admin', `'fixture.test', '', 'name', 'desc', 2, 0`);
      expect(byNameDown.rows.map((row) => row.full_name)).toEqual(['Wendy Wait', 'Percy 100% Under_score']);
      const lastPage = await list('admin', `'fixture.test', '', 'name', 'asc', 25, 6`);
      expect(lastPage.rows.map((row) => row.full_name)).toEqual(['Wendy Wait']);
      expect((await list('admin', `'fixture.test', '', 'email', 'asc', 25, 100`)).rows).toEqual([]);
    });

    it('refuses a bad sort, direction or page with a message', async () => {
      expect(await outcome('admin', `select public.admin_customers('', '', 'password', 'asc', 25, 0)`)).toBe(
        'error 22023',
      );
      expect(await outcome('admin', `select public.admin_customers('', '', 'name', 'up', 25, 0)`)).toBe(
        'error 22023',
      );
      expect(await outcome('admin', `select public.admin_customers('', '', 'name', 'asc', 5000, 0)`)).toBe(
        'error 22023',
      );
      expect(await outcome('admin', `select public.admin_customers(repeat('a', 201))`)).toBe('error 22023');
      expect(await outcome('admin', `select public.admin_customers(filter => 'admin')`)).toBe('error 22023');
    });

    it('refuses members and visitors', async () => {
      expect(await outcome('member', 'select public.admin_customers()')).toBe('refused');
      expect(await outcome('visitor', 'select public.admin_customers()')).toBe('denied');
    });
  });

  describe('admin_customer', () => {
    async function detail(key: string): Promise<Record<string, unknown> | null> {
      return runAs(db(), 'admin', async (tx) => {
        const { rows } = await tx.query<{ data: Record<string, unknown> | null }>(
          'select to_jsonb(c) as data from public.admin_customer($1) c',
          [key],
        );
        return rows[0]?.data ?? null;
      });
    }

    it("gives a member's whole record: profile, travellers, bookings with balances, enquiries, posts", async () => {
      const data = (await detail(ID.member))!;
      expect(data['profile']).toMatchObject({
        id: ID.member,
        kind: 'member',
        email: 'member@fixture.test',
        full_name: 'Mia Member',
        tier: 'vip',
      });
      expect((data['travellers'] as { full_name: string }[]).map((t) => t.full_name)).toEqual([
        'Max Member',
        'Mia Member',
      ]);
      expect(data['bookings']).toEqual([
        expect.objectContaining({
          id: ID.bookingMember,
          event_title: 'Published trip',
          total_cents: 100000,
          paid_cents: 50000,
          remaining_cents: 50000,
        }),
      ]);
      expect(data['contact_messages']).toEqual([expect.objectContaining({ message: 'A question' })]);
      expect((data['comments'] as { id: string }[]).map((c) => c.id).sort()).toEqual(
        [ID.commentMember, ID.replyMember].sort(),
      );
      expect(data['comment_total']).toBe(2);
      expect(JSON.stringify(data)).not.toContain('Oscar Other');
    });

    it("opens an enquirer by e-mail (any letter case), and a member's e-mail opens the member", async () => {
      const data = (await detail('Wendy@Fixture.test'))!;
      expect(data['profile']).toMatchObject({
        kind: 'enquirer',
        id: 'wendy@fixture.test',
        full_name: 'Wendy Wait',
      });
      expect(data['waitlist']).toEqual([expect.objectContaining({ id: ID.waitlist })]);
      expect(data['bookings']).toEqual([]);
      expect(((await detail('MEMBER@fixture.test'))!['profile'] as { id: string }).id).toBe(ID.member);
    });

    it('answers null for nobody', async () => {
      expect(await detail('f1000000-0000-4000-8000-00000000dead')).toBeNull();
      expect(await detail('nobody@fixture.test')).toBeNull();
      expect(await detail('not an id')).toBeNull();
    });

    it('refuses members and visitors', async () => {
      expect(await outcome('member', `select public.admin_customer('${ID.member}')`)).toBe('refused');
      expect(await outcome('visitor', `select public.admin_customer('${ID.member}')`)).toBe('denied');
    });
  });

  describe('customer_notes', () => {
    it('an admin adds a note (the author is the admin, the audit log has it) and it shows on the record', async () => {
      const result = await runAs(db(), 'admin', async (tx) => {
        await tx.query(
          `insert into public.customer_notes (customer_id, body) values ($1, 'Prefers e-mail')`,
          [ID.member],
        );
        await tx.query(
          `insert into public.customer_notes (customer_email, body) values ('wendy@fixture.test', 'Called back')`,
        );
        const record = await tx.query<{ data: { notes: { body: string; author_name: string }[] } }>(
          'select to_jsonb(c) as data from public.admin_customer($1) c',
          [ID.member],
        );
        const audit = await tx.query<{ entity: string; action: string; entity_label: string }>(
          `select entity, action, entity_label from public.audit_log where entity = 'customer_notes' order by id`,
        );
        return { notes: record.rows[0]!.data.notes, audit: audit.rows };
      });
      expect(result.notes).toEqual([
        expect.objectContaining({ body: 'Prefers e-mail', author_name: 'Ada Admin' }),
      ]);
      expect(result.audit).toEqual([
        { entity: 'customer_notes', action: 'insert', entity_label: 'Prefers e-mail' },
        { entity: 'customer_notes', action: 'insert', entity_label: 'Called back' },
      ]);
    });

    it('refuses a blank or untrimmed note, two customers, a mixed-case e-mail and a chosen author', async () => {
      const insert = (columns: string, values: string) =>
        outcome('admin', `insert into public.customer_notes (${columns}) values (${values})`);
      expect(await insert('customer_id, body', `'${ID.member}', '   '`)).toBe('error 23514');
      expect(await insert('customer_id, body', `'${ID.member}', ' padded'`)).toBe('error 23514');
      expect(await insert('customer_id, customer_email, body', `'${ID.member}', 'a@b.test', 'x'`)).toBe(
        'error 23514',
      );
      expect(await insert('customer_email, body', `'Wendy@fixture.test', 'x'`)).toBe('error 23514');
      expect(await insert('body', `'nobody'`)).toBe('error 23514');
      expect(await insert('customer_id, author_id, body', `'${ID.member}', '${ID.member}', 'x'`)).toBe(
        'denied',
      );
    });

    it("the note form's rule and the body's CHECK agree at the boundaries", async () => {
      const values = [
        'a',
        'a'.repeat(2000),
        'a'.repeat(2001),
        ' a',
        'a ',
        '',
        'two\nlines',
        'bell\u0007',
        'tab\there',
      ];
      for (const value of values) {
        const formAccepts =
          messageProblem(value, 'note', { required: true }) === undefined && value === value.trim();
        const saved = await runAs(db(), 'admin', async (tx) => {
          try {
            await tx.query('savepoint note');
            await tx.query('insert into public.customer_notes (customer_id, body) values ($1, $2)', [
              ID.member,
              value,
            ]);
            return true;
          } catch {
            await tx.query('rollback to savepoint note');
            return false;
          }
        });
        expect([value.slice(0, 12), saved]).toEqual([value.slice(0, 12), formAccepts]);
      }
    });

    it("a member's deleted account takes the notes about them along, by id and by address", async () => {
      const left = await runAs(db(), 'admin', async (tx) => {
        await tx.query(
          `insert into public.customer_notes (customer_id, body) values ($1, 'On the profile')`,
          [ID.member],
        );
        await tx.query(
          `insert into public.customer_notes (customer_email, body) values
             ('member@fixture.test', 'From before they joined'), ('wendy@fixture.test', 'Someone else')`,
        );
        // The member has bookings and posts, so the account is anonymised (a soft delete), not removed.
        const member = JSON.stringify({ sub: ID.member, role: 'authenticated' });
        await tx.query(
          `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`,
          [member, ID.member],
        );
        const { rows } = await tx.query<{ outcome: string }>('select public.delete_my_account() as outcome');
        await tx.query('reset role');
        const notes = await tx.query<{ body: string }>(
          'select body from public.customer_notes order by body',
        );
        return { outcome: rows[0]!.outcome, notes: notes.rows.map((note) => note.body) };
      });
      expect(left).toEqual({ outcome: 'anonymised', notes: ['Someone else'] });
    });

    it('members read, write and delete no notes; nobody edits one', async () => {
      expect(
        await outcome(
          'member',
          `insert into public.customer_notes (customer_id, body) values ('${ID.member}', 'x')`,
        ),
      ).toBe('rls');
      expect(await outcome('admin', `update public.customer_notes set body = 'y'`)).toBe('denied');
    });
  });
});
