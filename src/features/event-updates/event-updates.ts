// What /event-updates shows, from the rows one request returns: newest first, each marked unread until the
// member has a read marker for it (the embedded event_update_reads rows are the member's own: RLS).
import { formatDateTime } from '../../lib/format/dates';
import { SUPABASE_URL } from '../../lib/supabase/config';

/** The bucket of updates' images (20261128100002): public to read, admins write. */
export const UPDATE_IMAGES_BUCKET = 'update-images';

/** How an update's HTML looks (the database's fixed tags), on /event-updates and in the admin's editor. */
export const RICH_TEXT_CLASS =
  'text-sm [&_p]:my-2 [&_h2]:mt-3 [&_h2]:text-base [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2';

/** An update image's public address. */
export const updateImageUrl = (path: string) =>
  `${SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/${UPDATE_IMAGES_BUCKET}/${path}`;

export interface EventUpdateRow {
  id: string;
  title: string;
  body: string;
  /** The database's own rendering of the update (escaped, a fixed set of tags). */
  body_html: string;
  image_path: string | null;
  image_alt: string | null;
  created_at: string;
  event: { id: string; title: string; start_date: string } | null;
  reads: { read_at: string }[];
}

export interface EventUpdateItem {
  id: string;
  title: string;
  body: string;
  bodyHtml: string;
  image: { url: string; alt: string } | null;
  postedAt: string;
  eventTitle: string;
  eventStartDate: string | null;
  unread: boolean;
}

export function toUpdateItems(rows: readonly EventUpdateRow[]): EventUpdateItem[] {
  return rows
    .map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      bodyHtml: row.body_html,
      image: row.image_path ? { url: updateImageUrl(row.image_path), alt: row.image_alt ?? '' } : null,
      postedAt: row.created_at,
      eventTitle: row.event?.title ?? 'Event no longer available',
      eventStartDate: row.event?.start_date ?? null,
      unread: row.reads.length === 0,
    }))
    .sort((a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt) || a.id.localeCompare(b.id));
}

export function unreadIds(items: readonly EventUpdateItem[]): string[] {
  return items.filter((item) => item.unread).map((item) => item.id);
}

/** "1 new update" / "3 new updates" / "No new updates". */
export function unreadSummary(count: number): string {
  if (count === 0) return 'No new updates';
  return `${count} new update${count === 1 ? '' : 's'}`;
}

/** A post's time, e.g. "23 Nov 2026, 9:05 pm": Sydney's, as every time on the site (decision 0050). */
export const formatPostedAt = (iso: string): string => formatDateTime(iso);
