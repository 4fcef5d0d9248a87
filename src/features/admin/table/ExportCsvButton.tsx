import { useState } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { csvFileName, downloadCsv, toCsv, type CsvColumn } from './csv';

const number = new Intl.NumberFormat('en-AU');

/**
 * 'Export CSV' for a list: reads every row that matches the screen's search and filter (not just the page
 * shown), writes the CSV and confirms with a toast saying how many rows went out.
 */
export function ExportCsvButton<Row>({
  what,
  columns,
  readAll,
}: {
  /** The file's name and the toast's noun: 'customers'. */
  what: string;
  columns: readonly CsvColumn<Row>[];
  readAll: () => Promise<Row[]>;
}) {
  const [busy, setBusy] = useState(false);
  async function exportCsv() {
    setBusy(true);
    try {
      const rows = await readAll();
      downloadCsv(csvFileName(what), toCsv(columns, rows));
      showToast({
        title: 'Export ready',
        description: `${number.format(rows.length)} ${what} exported.`,
        variant: 'success',
      });
    } catch {
      showErrorToast();
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={buttonClass('outline', 'sm')}
      disabled={busy}
      onClick={() => void exportCsv()}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
