import { AdminPage } from '../ui/AdminPage';

/** /admin/events: every event by status. */
export function EventsPage() {
  return (
    <AdminPage title="Events">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
