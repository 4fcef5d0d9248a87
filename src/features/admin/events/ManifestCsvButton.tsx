import { buttonClass } from '../../../components/ui/button-styles';
import { showErrorToast, showToast } from '../../../stores/toasts';
import { downloadCsv, toCsv } from '../table/csv';
import type { Manifest } from './active-events.data';
import { MANIFEST_CSV, manifestFileName } from './manifest';

const number = new Intl.NumberFormat('en-AU');

/**
 * The manifest as CSV. The page already holds every traveller (the manifest is one request, never paged),
 * so the file is written from it; the event's slug and date name the file.
 */
export function ManifestCsvButton({ manifest }: { manifest: Manifest }) {
  function exportCsv() {
    try {
      downloadCsv(manifestFileName(manifest.event), toCsv(MANIFEST_CSV, manifest.travellers));
      const count = manifest.travellers.length;
      showToast({
        title: 'Export ready',
        description: `${number.format(count)} ${count === 1 ? 'traveller' : 'travellers'} exported.`,
        variant: 'success',
      });
    } catch {
      showErrorToast();
    }
  }
  return (
    <button type="button" className={buttonClass('outline', 'sm')} onClick={exportCsv}>
      Export CSV
    </button>
  );
}
