/**
 * CSV as spreadsheets read it (RFC 4180): comma-separated, every field quoted when it holds a comma, quote
 * or line break, CRLF between records, and a byte-order mark so Excel takes the file as UTF-8. A cell that
 * starts like a formula (= + - @, tab or return) gets a leading apostrophe: exported data is never run as
 * a formula in the spreadsheet of whoever opens it (CSV injection).
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvField(column.header)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name for an export: `customers-2026-11-24.csv`. */
export function csvFileName(what: string, day = new Date()): string {
  return `${what}-${day.toISOString().slice(0, 10)}.csv`;
}

/** Hands `text` to the browser as a download called `fileName`. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
