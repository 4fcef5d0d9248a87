import { ALL_DENIED, ids, type MatrixPart } from '../matrix-cells.ts';
import { ID } from '../fixtures.ts';

const IMAGE = `${ID.admin}/1764000000000.png`;

/**
 * /admin/events (decision 0035): the events table's new columns (trip_slug, badge, image_paths), the slug
 * the database names, and the status changes an admin makes there (publish, unpublish, cancel, which
 * mails followers and travellers). Everyone reads what they could read before; only admins write.
 */
export const EVENTS_MATRIX: MatrixPart = {
  tables: {
    'events (trip_slug, badge, image_paths)': {
      select: [
        `select count(*)::int as n from public.events where id in (${ids(ID.published, ID.published2, ID.draft)}) and badge = 'eoi' and image_paths = '{}'`,
        [2, 2, 2, 3],
      ],
      insert: [
        `insert into public.events (title, start_date, end_date, trip_slug, badge, image_paths) values ('Named by the database', '2027-05-01', '2027-05-02', 'tasmania-paranormal-getaway', 'live', array['${IMAGE}'])`,
        ['denied', 'rls', 'rls', 1],
      ],
      update: [
        `update public.events set trip_slug = 'usa-paranormal-road-trip', badge = 'confirmed', image_paths = array['${IMAGE}'] where id = '${ID.published}'`,
        ['denied', 0, 0, 1],
      ],
    },
    'events (publish, unpublish)': {
      update: [
        `update public.events set status = case status when 'draft' then 'published'::public.event_status else 'draft' end where id in (${ids(ID.draft, ID.published2)})`,
        ['denied', 0, 0, 2],
      ],
    },
    // The admin lists' view with each event's phase (decision 0063): security invoker, so the events
    // policies decide (no drafts but for admins, nothing for visitors); it is read-only.
    'admin_events (phase)': {
      select: [
        `select count(*)::int as n from public.admin_events where id in (${ids(ID.published, ID.published2, ID.draft)}) and phase = status`,
        ['denied', 2, 2, 3],
      ],
      insert: [
        `insert into public.admin_events (title, start_date, end_date) values ('Through the view', '2027-05-01', '2027-05-02')`,
        ALL_DENIED,
      ],
      update: [`update public.admin_events set title = 'Renamed' where id = '${ID.published}'`, ALL_DENIED],
      delete: [`delete from public.admin_events where id = '${ID.published}'`, ALL_DENIED],
    },
    // Cancelling queues e-mail (private.outbound_mail): members cannot cancel, so they cannot send it.
    'events (cancel)': {
      update: [
        `update public.events set status = 'cancelled' where id = '${ID.published}'`,
        ['denied', 0, 0, 1],
      ],
    },
  },
  functions: {
    // The trigger's function is never callable through the API.
    'private.mail_event_cancelled()': [`select private.mail_event_cancelled() is null as n`, ALL_DENIED],
  },
};
