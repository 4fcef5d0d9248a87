import * as z from 'zod';

// zod 4 tries `new Function('')` once to see whether it may compile fast parsers; the site's CSP has no
// 'unsafe-eval', so the browser refuses it and reports a violation on every admin screen. Parsing without
// that compiler is what zod then does anyway. This module is the first of the area's to load (the routes'
// search rules), so the setting is in force before any schema parses.
z.config({ jitless: true });

/**
 * The address's search parameters of a list screen: what the table shows is in the URL, so a filtered,
 * sorted page can be bookmarked, shared and reloaded. Anything malformed is dropped, never an error.
 */
export const listSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  /** A screen's own filter (an event status, an event id, a tab): each screen says what it means. */
  filter: z.string().max(100).optional().catch(undefined),
});
export type ListSearch = z.infer<typeof listSearchSchema>;

export const validateListSearch = (search: Record<string, unknown>): ListSearch =>
  listSearchSchema.parse(search);

/** /admin/event-management?id=…: edit that event; without an id, create one. */
export const editorSearchSchema = z.object({
  id: z.uuid().optional().catch(undefined),
});
export type EditorSearch = z.infer<typeof editorSearchSchema>;

export const validateEditorSearch = (search: Record<string, unknown>): EditorSearch =>
  editorSearchSchema.parse(search);
