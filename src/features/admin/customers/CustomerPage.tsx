import { Link, useParams } from '@tanstack/react-router';
import { AdminPage } from '../ui/AdminPage';
import { CustomerRecordView, recordName, useCustomerRecord } from './CustomerRecordView';

/** /admin/customers/$customerId: one customer (a member's id or an enquirer's e-mail address). */
export function CustomerPage() {
  const { customerId } = useParams({ from: '/admin/customers/$customerId' });
  const record = useCustomerRecord(customerId);
  const back = (
    <Link to="/admin/customers" className="text-primary text-sm underline">
      Back to customers
    </Link>
  );
  if (record.isError || record.data === null) {
    return (
      <AdminPage title="Customer" actions={back}>
        <p role="alert" className="text-destructive">
          {record.isError
            ? 'We could not load this customer. Please refresh the page to try again.'
            : 'No customer has this id or e-mail address.'}
        </p>
      </AdminPage>
    );
  }
  if (!record.data) {
    return (
      <AdminPage title="Customer" actions={back}>
        <p role="status">Loading customer…</p>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={recordName(record.data)} description="Customer record" actions={back}>
      <CustomerRecordView record={record.data} />
    </AdminPage>
  );
}
