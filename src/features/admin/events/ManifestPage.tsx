import { AdminPage } from '../ui/AdminPage';

/** /admin/active-events/$eventId/manifest: the printable manifest. */
export function ManifestPage() {
  return (
    <AdminPage title="Manifest">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
