import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withClaims } from '../../local/src/db/with-claims.ts';
import { claimsOf, ID, insertFixtures } from './fixtures.ts';
import { classify, outcomeOf, runAs } from './run-as.ts';
import {
  createPreparedDatabase,
  DATABASE_KINDS,
  type TestDatabase,
} from '../../local/test/db/test-databases.ts';

// The team screen's rules (migration 20261126100001): nobody changes their own is_admin, the last admin is
// never removed (the service role included), and the RPCs behind /admin/management.
describe.each(DATABASE_KINDS)('the admin team on $name', (kind) => {
  let testDb: TestDatabase;
  const db = () => testDb.db;
  const isAdmin = async (id: string) =>
    (await db().query<{ is_admin: boolean }>('select is_admin from public.profiles where id = $1', [id]))
      .rows[0]?.is_admin;
  const messageOf = async (sql: string, actor: 'admin' | 'member' = 'admin') => {
    try {
      await runAs(db(), actor, (tx) => tx.query(sql));
      return 'no error';
    } catch (error) {
      return `${(error as { code?: string }).code}: ${(error as Error).message}`;
    }
  };

  beforeAll(async () => {
    testDb = await createPreparedDatabase(kind);
    await insertFixtures(testDb.db);
    // The seed has its own admin: demote it, so the fixtures' admin is the only one.
    await testDb.db.query(`update public.profiles set is_admin = false where is_admin and id <> $1`, [
      ID.admin,
    ]);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  describe('the last admin', () => {
    it('is never removed, not even by the service role or the table owner, and nothing changes', async () => {
      // The fixtures' admin is the only one in this database.
      for (const sql of [
        `update public.profiles set is_admin = false where id = '${ID.admin}'`,
        `delete from public.profiles where id = '${ID.admin}'`,
        `delete from auth.users where id = '${ID.admin}'`,
      ]) {
        const owner = await db()
          .query(sql)
          .then(() => 'changed', classify);
        expect(owner).toBe('refused');
        // The service role holds no privilege on auth.users (the Auth service deletes users as the owner).
        if (sql.includes('auth.users')) continue;
        const serviceRole = await withClaims(db(), { role: 'service_role' }, (tx) => tx.query(sql)).then(
          () => 'changed',
          classify,
        );
        expect(serviceRole).toBe('refused');
      }
      expect(await isAdmin(ID.admin)).toBe(true);
      expect(await messageOf(`update public.profiles set is_admin = false where id = '${ID.admin}'`)).toMatch(
        /own admin role/,
      );
    });

    it('may go once another admin exists, and then the other one is the last', async () => {
      await db().query(`update public.profiles set is_admin = true where id = '${ID.other}'`);
      try {
        expect(
          await outcomeOf(db(), 'other', `select count(*)::int as n from public.revoke_admin('${ID.admin}')`),
        ).toBe(1);
        await db().query(`update public.profiles set is_admin = false where id = '${ID.admin}'`);
        const last = await db()
          .query(`update public.profiles set is_admin = false where id = '${ID.other}'`)
          .then(
            () => 'changed',
            (error: Error) => error.message,
          );
        expect(last).toBe('The last admin cannot be removed.');
      } finally {
        await db().query(`update public.profiles set is_admin = true where id = '${ID.admin}'`);
        await db().query(`update public.profiles set is_admin = false where id = '${ID.other}'`);
      }
      expect(await isAdmin(ID.admin)).toBe(true);
      expect(await isAdmin(ID.other)).toBe(false);
    });
  });

  describe('one’s own row', () => {
    it('refuses an admin who removes their own role, even with other admins left', async () => {
      await db().query(`update public.profiles set is_admin = true where id = '${ID.other}'`);
      try {
        expect(
          await outcomeOf(db(), 'admin', `update public.profiles set is_admin = false where id = $1`, [
            ID.admin,
          ]),
        ).toBe('refused');
        expect(await messageOf(`select * from public.revoke_admin('${ID.admin}')`)).toBe(
          '42501: You cannot change your own admin role.',
        );
        expect(await isAdmin(ID.admin)).toBe(true);
      } finally {
        await db().query(`update public.profiles set is_admin = false where id = '${ID.other}'`);
      }
    });

    it('refuses a member who makes themselves an admin', async () => {
      expect(
        await outcomeOf(
          db(),
          'member',
          `update public.profiles set is_admin = true where id = '${ID.member}'`,
        ),
      ).toBe('refused');
      expect(await isAdmin(ID.member)).toBe(false);
    });

    it('lets an admin resend their own unchanged role with their details (a whole-row save)', async () => {
      const sql = `update public.profiles set full_name = 'Ada A', is_admin = true where id = '${ID.admin}'`;
      expect(await outcomeOf(db(), 'admin', sql)).toBe(1);
    });
  });

  describe('grant_admin and revoke_admin', () => {
    it('grants by e-mail (any case, spaces trimmed), writes the audit row, and says when nothing changed', async () => {
      await withClaims(db(), claimsOf('admin'), async (tx) => {
        const granted = await tx.query(`select * from public.grant_admin('  MEMBER@fixture.test ')`);
        expect(granted.rows).toEqual([
          { id: ID.member, full_name: 'Mia Member', email: 'member@fixture.test', changed: true },
        ]);
        const again = await tx.query(`select changed from public.grant_admin('member@fixture.test')`);
        expect(again.rows).toEqual([{ changed: false }]);
      });
      try {
        const log = await db().query(
          `select actor_id, entity, entity_label, action, before, after from public.audit_log
           where entity = 'profiles' and entity_id = $1 and after ? 'is_admin'`,
          [ID.member],
        );
        expect(log.rows).toEqual([
          {
            actor_id: ID.admin,
            entity: 'profiles',
            entity_label: 'Mia Member',
            action: 'update',
            before: { is_admin: false },
            after: { is_admin: true },
          },
        ]);
        const team = await runAs(db(), 'admin', (tx) =>
          tx.query<{ email: string; admin_since: Date | null }>(
            `select email, admin_since from public.admin_team()`,
          ),
        );
        expect(team.rows.map((row) => [row.email, row.admin_since !== null])).toEqual([
          ['admin@fixture.test', false],
          ['member@fixture.test', true],
        ]);
        await withClaims(db(), claimsOf('admin'), async (tx) => {
          const revoked = await tx.query(`select changed from public.revoke_admin('${ID.member}')`);
          expect(revoked.rows).toEqual([{ changed: true }]);
          const again = await tx.query(`select changed from public.revoke_admin('${ID.member}')`);
          expect(again.rows).toEqual([{ changed: false }]);
        });
      } finally {
        await db().query(`update public.profiles set is_admin = false where id = $1`, [ID.member]);
      }
      expect(await isAdmin(ID.member)).toBe(false);
    });

    it('answers bad input with a clear message and changes nothing', async () => {
      expect(await messageOf(`select * from public.grant_admin('nobody@fixture.test')`)).toBe(
        'P0002: No member has this e-mail address.',
      );
      expect(await messageOf(`select * from public.grant_admin('   ')`)).toBe(
        "22023: Enter the member's e-mail address.",
      );
      expect(await messageOf(`select * from public.grant_admin('not an address')`)).toBe(
        '22023: Enter a valid e-mail address, like name@example.com.',
      );
      expect(await messageOf(`select * from public.revoke_admin(gen_random_uuid())`)).toBe(
        'P0002: No member has this id.',
      );
      const admins = await db().query(`select count(*)::int as n from public.profiles where is_admin`);
      expect(admins.rows).toEqual([{ n: 1 }]);
    });

    it('refuses members, whatever they send', async () => {
      for (const sql of [
        `select * from public.grant_admin('member@fixture.test')`,
        `select * from public.revoke_admin('${ID.admin}')`,
        `select * from public.admin_team()`,
        `select * from public.admin_audit_log()`,
      ]) {
        expect(await outcomeOf(db(), 'member', sql)).toBe('refused');
        expect(await outcomeOf(db(), 'visitor', sql)).toBe('denied');
      }
      expect(await isAdmin(ID.member)).toBe(false);
    });
  });

  describe('admin_audit_log', () => {
    beforeAll(async () => {
      await db().query(
        `insert into public.audit_log (at, actor_id, actor_name, actor_email, entity, entity_id, entity_label,
                                       action, before, after)
         values ('2026-03-01 10:00+11', $1, 'Ada Admin', 'admin@fixture.test', 'events', 'e1', 'Ghost 100%_tour',
                 'update', '{"title": "Old"}', '{"title": "Ghost 100%_tour"}'),
                ('2026-03-02 23:30+11', $2, 'Oscar Other', 'other@fixture.test', 'profiles', 'p1', 'Mia',
                 'update', '{"is_admin": false}', '{"is_admin": true}'),
                ('2026-03-03 00:30+11', $2, 'Oscar Other', 'other@fixture.test', 'events', 'e2', 'Ghost 100 tour',
                 'delete', '{"title": "Ghost 100 tour"}', null)`,
        [ID.admin, ID.other],
      );
    });
    const page = (args: string) =>
      runAs(db(), 'admin', (tx) =>
        tx.query<{ entity_id: string; total_count: number }>(
          // Only the rows written here (March 2026), not the audit rows the tests above made today.
          `select entity_id, total_count::int from public.admin_audit_log(${args.includes('to_date') ? args : `${args}, to_date => '2026-03-31'`})`,
        ),
      ).then(({ rows }) => ({ ids: rows.map((row) => row.entity_id), total: rows[0]?.total_count ?? 0 }));

    it('searches who and what, wildcards as text, and a changed column by name', async () => {
      expect(await page(`search => 'oscar'`)).toEqual({ ids: ['e2', 'p1'], total: 2 });
      expect(await page(`search => 'ADMIN@fixture'`)).toEqual({ ids: ['e1'], total: 1 });
      expect(await page(`search => '100%_'`)).toEqual({ ids: ['e1'], total: 1 });
      expect(await page(`search => 'is_admin'`)).toEqual({ ids: ['p1'], total: 1 });
      expect(await page(`search => 'delete'`)).toEqual({ ids: ['e2'], total: 1 });
      expect(await page(`filter => 'events'`)).toEqual({ ids: ['e2', 'e1'], total: 2 });
    });

    it('filters Sydney calendar days, both ends included', async () => {
      expect(await page(`from_date => '2026-03-02', to_date => '2026-03-02'`)).toEqual({
        ids: ['p1'],
        total: 1,
      });
      expect(await page(`from_date => '2026-03-03'`)).toEqual({ ids: ['e2'], total: 1 });
      expect(await page(`to_date => '2026-03-01'`)).toEqual({ ids: ['e1'], total: 1 });
    });

    it('sorts and pages on the server, with the total on every row', async () => {
      expect(await page(`from_date => '2026-03-01', sort => 'at', direction => 'asc'`)).toEqual({
        ids: ['e1', 'p1', 'e2'],
        total: 3,
      });
      expect(
        await page(
          `from_date => '2026-03-01', sort => 'entity', direction => 'asc', page_size => 1, page_offset => 1`,
        ),
      ).toEqual({
        ids: ['e1'],
        total: 3,
      });
    });

    it('refuses bad paging, sorting and dates with a message', async () => {
      expect(
        await messageOf(
          `select * from public.admin_audit_log(from_date => '2026-03-02', to_date => '2026-03-01')`,
        ),
      ).toBe('22023: The "from" date is after the "to" date.');
      // The shared words of private.check_list_arguments (migration 20261128700001).
      expect(await messageOf(`select * from public.admin_audit_log(sort => 'before')`)).toBe(
        '22023: The log cannot be sorted by "before".',
      );
      expect(await messageOf(`select * from public.admin_audit_log(direction => 'up')`)).toBe(
        '22023: The sort direction must be asc or desc.',
      );
      expect(await messageOf(`select * from public.admin_audit_log(page_size => 5000)`)).toBe(
        '22023: A page holds 1 to 1,000 rows from an offset of 0 or more.',
      );
      expect(await messageOf(`select * from public.admin_audit_log(search => repeat('a', 201))`)).toBe(
        '22023: A search is at most 200 characters.',
      );
      // As before: no sort is the time, the direction's case does not matter, the search is trimmed.
      expect(
        await messageOf(
          `select * from public.admin_audit_log(sort => null, direction => 'ASC', search => ' ' || repeat('a', 200) || ' ')`,
        ),
      ).toBe('no error');
    });
  });
});

// Two admins removing each other at the same moment: without the advisory lock each would still see the
// other as an admin and both would succeed, leaving none. PGlite runs one transaction at a time, so this
// race exists only on PostgreSQL.
describe('two admins removing each other at once on PostgreSQL', () => {
  let testDb: TestDatabase;
  const postgres = DATABASE_KINDS.find((kind) => kind.name === 'PostgreSQL')!;

  beforeAll(async () => {
    testDb = await createPreparedDatabase(postgres);
    await insertFixtures(testDb.db);
    await testDb.db.query(`update public.profiles set is_admin = (id in ($1, $2))`, [ID.admin, ID.other]);
  });
  afterAll(async () => {
    await testDb?.dispose();
  });

  it('lets the first through and refuses the second, so one admin is left', async () => {
    let second: Promise<string> | undefined;
    await withClaims(testDb.db, claimsOf('admin'), async (tx) => {
      await tx.query(`select * from public.revoke_admin('${ID.other}')`);
      // The other admin's removal starts while this one is not yet committed, and must wait for it.
      second = withClaims(testDb.db, claimsOf('other'), (other) =>
        other.query(`select * from public.revoke_admin('${ID.admin}')`),
      ).then(
        () => 'changed',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await second).toBe('The last admin cannot be removed.');
    const { rows } = await testDb.db.query(`select id from public.profiles where is_admin`);
    expect(rows).toEqual([{ id: ID.admin }]);
  });
});
