import { AdminPage } from '../ui/AdminPage';

/** /admin/customers: members and enquirers. */
export function CustomersPage() {
  return (
    <AdminPage title="Customers">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
