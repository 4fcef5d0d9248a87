import { useMutation } from '@tanstack/react-query';
import { buttonClass } from '../../components/ui/button-styles';
import { showToast } from '../../stores/toasts';
import { exportFileName } from './account';
import { exportMyData } from './account.data';

/** Saves everything export_my_data() returns as a JSON file. */
function saveAsFile(data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give the browser a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DataDownload() {
  const download = useMutation({
    mutationFn: () => exportMyData(),
    onSuccess: saveAsFile,
    onError: (error) =>
      showToast({ title: 'Download failed', description: error.message, variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      disabled={download.isPending}
      onClick={() => download.mutate()}
      className={buttonClass('outline')}
    >
      {download.isPending ? 'Preparing download...' : 'Download my data'}
    </button>
  );
}
