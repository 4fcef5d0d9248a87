import { AdminPage } from '../ui/AdminPage';

/** /admin/event-management: create or edit an event. */
export function EventEditorPage() {
  return (
    <AdminPage title="Event">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
