import { AdminPage } from '../ui/AdminPage';

/** /admin: the overview. */
export function OverviewPage() {
  return (
    <AdminPage title="Overview">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
