import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  serviceClient,
  signedInAccount,
  type ServiceClient,
} from '../../../../supabase/local/test/stack-accounts';
import { startTestStack, type TestStack } from '../../../../supabase/local/test/start-test-stack';
import type { BrowserSupabase } from '../../../lib/supabase/client';
import { loaderOf } from '../../../lib/supabase/data';
import { describeAuditRow } from './audit';
import {
  fetchAllAudit,
  fetchAuditEntities,
  fetchAuditPage,
  fetchTeam,
  grantAdmin,
  revokeAdmin,
  TeamError,
} from './team.data';

// The team screen's calls through the real supabase-js against the local stack: what an admin gets, what
// the database refuses (and says why), and that a member calling the same RPCs directly gets nothing.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let stack: TestStack;
let service: ServiceClient;
const people = { admin: '', member: '', second: '' };
let adminClient: BrowserSupabase;
let memberClient: BrowserSupabase;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  const admin = await signedInAccount(stack, {
    email: 'team-admin@example.com',
    fullName: 'Tess Admin',
    admin: true,
  });
  const member = await signedInAccount(stack, { email: 'team-member@example.com', fullName: 'Ada Lovelace' });
  const second = await signedInAccount(stack, { email: 'team-second@example.com', fullName: 'Grace Hopper' });
  [people.admin, people.member, people.second] = [admin.id, member.id, second.id];
  [adminClient, memberClient] = [admin.client, member.client];
});
afterAll(async () => {
  await stack?.close();
});

describe('the team', () => {
  it('grants admin by e-mail, lists the new admin with the grant’s date, and logs who did it', async () => {
    const granted = await grantAdmin(' Team-Member@example.com ', loaderOf(adminClient));
    expect(granted).toEqual({
      id: people.member,
      full_name: 'Ada Lovelace',
      email: 'team-member@example.com',
      changed: true,
    });
    expect((await grantAdmin('team-member@example.com', loaderOf(adminClient))).changed).toBe(false);

    const team = await fetchTeam(loaderOf(adminClient));
    const ada = team.find((row) => row.id === people.member);
    expect(ada?.email).toBe('team-member@example.com');
    expect(ada?.admin_since).not.toBeNull();
    expect(team.find((row) => row.id === people.admin)?.admin_since).toBeNull();

    const page = await fetchAuditPage({ q: 'Ada Lovelace' }, 1, loaderOf(adminClient));
    expect(page.total).toBe(1);
    expect(describeAuditRow(page.rows[0]!)).toBe('Granted admin to Ada Lovelace');
    expect(page.rows[0]).toMatchObject({ actor_name: 'Tess Admin', actor_email: 'team-admin@example.com' });
  });

  it('explains each refusal and changes nothing', async () => {
    await expect(grantAdmin('nobody@example.com', loaderOf(adminClient))).rejects.toThrow(
      new TeamError('No member has this e-mail address.'),
    );
    await expect(revokeAdmin(people.admin, loaderOf(adminClient))).rejects.toThrow(
      'You cannot change your own admin role.',
    );
    const direct = await adminClient.from('profiles').update({ is_admin: false }).eq('id', people.admin);
    expect(direct.error?.message).toBe('You cannot change your own admin role.');
    expect((await fetchTeam(loaderOf(adminClient))).some((row) => row.id === people.admin)).toBe(true);
  });

  it('removes another admin, then the role is gone and the log says so', async () => {
    const removed = await revokeAdmin(people.member, loaderOf(adminClient));
    expect(removed.changed).toBe(true);
    expect((await fetchTeam(loaderOf(adminClient))).some((row) => row.id === people.member)).toBe(false);
    const page = await fetchAuditPage(
      { q: 'Ada Lovelace', sort: 'at', dir: 'desc' },
      1,
      loaderOf(adminClient),
    );
    expect(page.rows.map(describeAuditRow)).toEqual([
      'Removed admin from Ada Lovelace',
      'Granted admin to Ada Lovelace',
    ]);
  });

  it('pages, filters and exports the log on the server', async () => {
    const all = await fetchAllAudit({ entity: 'profiles', q: 'lovelace' }, loaderOf(adminClient));
    expect(all).toHaveLength(2);
    const none = await fetchAuditPage({ entity: 'events', q: 'lovelace' }, 1, loaderOf(adminClient));
    expect(none).toEqual({ rows: [], total: 0 });
    const future = await fetchAuditPage({ from: '2099-01-01' }, 1, loaderOf(adminClient));
    expect(future.total).toBe(0);
    await expect(
      fetchAuditPage({ from: '2026-02-02', to: '2026-02-01' }, 1, loaderOf(adminClient)),
    ).rejects.toThrow('The "from" date is after the "to" date.');
  });
});

describe('the audited tables', () => {
  it('come from the audit triggers, each with its noun, and name the rows they write', async () => {
    const entities = await fetchAuditEntities(loaderOf(adminClient));
    expect(entities).toContainEqual({ entity: 'profiles', noun: 'member' });
    expect(entities).toContainEqual({ entity: 'customer_notes', noun: 'staff note' });
    const page = await fetchAuditPage({ entity: 'profiles' }, 1, loaderOf(adminClient));
    expect(page.rows.length).toBeGreaterThan(0);
    expect(page.rows.every((row) => row.entity_noun === 'member')).toBe(true);
  });
});

describe('a member calling the team RPCs directly', () => {
  it('is refused every time and changes nothing', async () => {
    const calls = [
      memberClient.rpc('admin_team'),
      memberClient.rpc('grant_admin', { p_email: 'team-member@example.com' }),
      memberClient.rpc('revoke_admin', { p_member_id: people.admin }),
      memberClient.rpc('admin_audit_log', {}),
      memberClient.rpc('admin_audit_entities'),
    ];
    for (const { data, error } of await Promise.all(calls)) {
      expect(error?.code).toBe('42501');
      expect(data).toBeNull();
    }
    const selfPromotion = await memberClient
      .from('profiles')
      .update({ is_admin: true })
      .eq('id', people.member);
    expect(selfPromotion.error?.code).toBe('42501');
    const log = await memberClient.from('audit_log').select('id');
    expect(log.data).toEqual([]);
    const { data } = await service.from('profiles').select('is_admin').eq('id', people.member).single();
    expect(data?.is_admin).toBe(false);
  });
});
