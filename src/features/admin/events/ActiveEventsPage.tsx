import { AdminPage } from '../ui/AdminPage';

/** /admin/active-events: running or departing within 60 days. */
export function ActiveEventsPage() {
  return (
    <AdminPage title="Active events">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
