import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AdminPage } from '../ui/AdminPage';
import { fetchManifest, manifestKey, type Manifest } from './active-events.data';
import { isEventId } from './manifest';
import { ManifestCsvButton } from './ManifestCsvButton';
import { ManifestTable } from './ManifestTable';
import { ManifestSummary } from './ManifestSummary';

const backLink = (
  <Link to="/admin/active-events" className={buttonClass('ghost', 'sm')}>
    All active events
  </Link>
);

/** /admin/active-events/$eventId/manifest: who travels, as a table, a CSV and a printable page. */
export function ManifestPage() {
  const { eventId } = useParams({ strict: false }) as { eventId: string };
  const valid = isEventId(eventId);
  const manifest = useQuery({
    queryKey: manifestKey(eventId),
    queryFn: () => fetchManifest(eventId),
    enabled: valid,
  });
  const data: Manifest | null | undefined = valid ? manifest.data : null;

  if (manifest.isError) {
    return (
      <AdminPage title="Manifest" actions={backLink}>
        <p role="alert" className="text-destructive">
          We could not load this manifest. Please refresh the page to try again.
        </p>
      </AdminPage>
    );
  }
  if (data === null) {
    return (
      <AdminPage title="Manifest" actions={backLink}>
        <p>There is no event at this address. Choose one from the active events.</p>
      </AdminPage>
    );
  }
  if (data === undefined) {
    return (
      <AdminPage title="Manifest" actions={backLink}>
        <p role="status" className="text-muted-foreground">
          Loading the manifest…
        </p>
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={`Manifest: ${data.event.title}`}
      description="Everyone named on the event's bookings (cancelled bookings left out), with their age on the first day and what the guides must know."
      actions={
        <>
          {backLink}
          <ManifestCsvButton manifest={data} />
          <button type="button" className={buttonClass('primary', 'sm')} onClick={() => window.print()}>
            Print
          </button>
        </>
      }
    >
      <ManifestSummary event={data.event} />
      <ManifestTable event={data.event} travellers={data.travellers} />
    </AdminPage>
  );
}
