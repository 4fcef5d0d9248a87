import { AdminPage } from '../ui/AdminPage';

/** /admin/waitlist: waitlists, interest and contact messages. */
export function WaitlistPage() {
  return (
    <AdminPage title="Waitlist and enquiries">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
