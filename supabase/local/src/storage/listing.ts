/** One entry of a listing: a file, or a folder (id and everything else null). */
export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/** A stored object as the listing reads it: its full name and its entry (named by full name). */
export interface ListedObject {
  name: string;
  entry: ListEntry;
}

export type SortColumn = 'name' | 'updated_at' | 'created_at' | 'last_accessed_at';

export interface ListOptions {
  /** Folder to list; a trailing slash is added as supabase/storage does. */
  prefix: string;
  /** Names (relative to the prefix) must start with this, case-insensitively. */
  search: string;
  limit: number;
  offset: number;
  sortBy: { column: SortColumn; order: 'asc' | 'desc' };
}

export function folderPrefix(prefix: string): string {
  return prefix.length > 0 && !prefix.endsWith('/') ? `${prefix}/` : prefix;
}

// Postgres compares lower(name) COLLATE "C": by code point, which JavaScript's < does for these keys.
function byCodePoint(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function folderEntry(name: string): ListEntry {
  return { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null };
}

/**
 * The listing supabase/storage's `storage.search` gives: objects directly under the prefix and one entry per
 * sub-folder, names relative to the prefix. Sorted by name, folders and files interleave by lower-case name;
 * sorted by a date, folders come first (by name) and files follow by that date.
 */
export function buildListing(objects: readonly ListedObject[], options: ListOptions): ListEntry[] {
  const prefix = folderPrefix(options.prefix);
  const match = (prefix + options.search).toLowerCase();
  const descending = options.sortBy.order === 'desc';
  const folders = new Map<string, { name: string; key: string }>();
  const files: { key: string; entry: ListEntry }[] = [];
  for (const object of objects) {
    if (!object.name.toLowerCase().startsWith(match)) continue;
    const slash = object.name.indexOf('/', match.length);
    if (slash === -1) {
      const relative = object.name.slice(prefix.length);
      files.push({ key: object.name.toLowerCase(), entry: { ...object.entry, name: relative } });
      continue;
    }
    const folderKey = object.name.slice(0, slash).toLowerCase();
    if (!folders.has(folderKey)) {
      folders.set(folderKey, { name: object.name.slice(prefix.length, slash), key: `${folderKey}/` });
    }
  }
  const folderList = [...folders.values()];
  let ordered: ListEntry[];
  if (options.sortBy.column === 'name') {
    const all = [
      ...folderList.map((folder) => ({ key: folder.key, entry: folderEntry(folder.name) })),
      ...files,
    ];
    all.sort((a, b) => byCodePoint(a.key, b.key) * (descending ? -1 : 1));
    ordered = all.map((item) => item.entry);
  } else {
    const column = options.sortBy.column;
    folderList.sort((a, b) => a.name.localeCompare(b.name) * (descending ? -1 : 1));
    files.sort((a, b) => byCodePoint(a.entry[column] ?? '', b.entry[column] ?? '') * (descending ? -1 : 1));
    ordered = [...folderList.map((folder) => folderEntry(folder.name)), ...files.map((file) => file.entry)];
  }
  return ordered.slice(options.offset, options.offset + options.limit);
}
