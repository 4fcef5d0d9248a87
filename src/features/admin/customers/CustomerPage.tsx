import { AdminPage } from '../ui/AdminPage';

/** /admin/customers/$customerId: one customer. */
export function CustomerPage() {
  return (
    <AdminPage title="Customer">
      <p className="text-muted-foreground">This screen is being built.</p>
    </AdminPage>
  );
}
