// What /event-updates shows, from the rows one request returns: newest first, each marked unread until the
// member has a read marker for it (the embedded event_update_reads rows are the member's own: RLS).

export interface EventUpdateRow {
  id: string;
  title: string;
  body: string;
  created_at: string;
  event: { id: string; title: string; start_date: string } | null;
  reads: { read_at: string }[];
}

export interface EventUpdateItem {
  id: string;
  title: string;
  body: string;
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

/** A post's time as the member reads it, e.g. "23 Nov 2026, 9:05 pm" (the browser's zone). */
export function formatPostedAt(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}
