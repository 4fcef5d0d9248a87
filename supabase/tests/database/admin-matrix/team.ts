import { ID } from '../fixtures.ts';
import { ALL_DENIED, type MatrixPart } from '../matrix-cells.ts';

/** /admin/management: the team and the audit log. */
export const TEAM_MATRIX: MatrixPart = {
  tables: {
    // Written only by triggers; admins read it; nobody (the admin included) writes, edits or deletes a row.
    audit_log: {
      select: [`select count(*)::int as n from public.audit_log`, ['denied', 0, 0, 1]],
      insert: [
        `insert into public.audit_log (actor_id, entity, entity_id, action) values ('${ID.admin}', 'events', 'x', 'update')`,
        ALL_DENIED,
      ],
      update: [`update public.audit_log set entity_label = 'Edited'`, ALL_DENIED],
      delete: [`delete from public.audit_log`, ALL_DENIED],
    },
  },
  // Members get 42501 from the functions' own check; visitors hold no EXECUTE.
  functions: {
    admin_team: [`select count(*)::int as n from public.admin_team()`, ['denied', 'refused', 'refused', 2]],
    grant_admin: [
      `select count(*)::int as n from public.grant_admin('other@fixture.test')`,
      ['denied', 'refused', 'refused', 1],
    ],
    // On a member who is not an admin: nothing to remove, the row comes back unchanged.
    revoke_admin: [
      `select count(*)::int as n from public.revoke_admin('${ID.member}')`,
      ['denied', 'refused', 'refused', 1],
    ],
    admin_audit_log: [
      `select count(*)::int as n from public.admin_audit_log()`,
      ['denied', 'refused', 'refused', 1],
    ],
    // The audited tables, read from the audit triggers (how many grows as tables are audited: any at all).
    admin_audit_entities: [
      `select (count(*) > 0)::int as n from public.admin_audit_entities()`,
      ['denied', 'refused', 'refused', 1],
    ],
    // The catalogue reading behind it: no API role may call it directly.
    'private.audited_tables': [`select count(*)::int as n from private.audited_tables()`, ALL_DENIED],
  },
  // One row, as the trigger would write it when the admin renamed the member.
  fixtures: async (db) => {
    await db.query(
      `insert into public.audit_log (actor_id, entity, entity_id, entity_label, entity_noun, action, before, after)
       values ('${ID.admin}', 'profiles', '${ID.member}', 'Renamed', 'member', 'update',
               '{"full_name": "Member"}', '{"full_name": "Renamed"}')`,
    );
  },
};
