import type { Download } from '@playwright/test';
import { readFile } from 'node:fs/promises';

/**
 * A CSV file as the admin's exports write it (RFC 4180: quoted fields, doubled quotes, CRLF, a leading
 * byte-order mark), read back into rows of fields, so a test compares values rather than lines.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      [row, field] = [[], ''];
      i += 1;
    } else field += char;
  }
  return rows;
}

/** The rows of a downloaded CSV file. */
export async function downloadedCsv(download: Download): Promise<string[][]> {
  const path = await download.path();
  if (!path) throw new Error('the download has no file');
  return parseCsv(await readFile(path, 'utf8'));
}
