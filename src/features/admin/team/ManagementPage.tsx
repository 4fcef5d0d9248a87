import { AdminPage } from '../ui/AdminPage';

/** /admin/management: the team and the audit log. */
export function ManagementPage() {
  return (
    <AdminPage title="Team and audit log">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
