import { CustomerRecordView, recordName, useCustomerRecord } from './CustomerRecordView';

/**
 * /customer/{id} as an admin sees it: the whole record, as on /admin/customers/{id}. PublicProfile loads
 * this chunk only for admins, so members never download it (and the database refuses them the data anyway).
 */
export function AdminCustomerProfile({ customerId }: { customerId: string }) {
  const record = useCustomerRecord(customerId);
  if (record.isError || record.data === null) {
    return (
      <p role="alert" className="text-destructive">
        {record.isError ? 'We could not load this customer.' : 'No customer has this id.'}
      </p>
    );
  }
  if (!record.data) return <p role="status">Loading customer…</p>;
  return (
    <article className="space-y-4">
      <div>
        <h2 className="text-2xl font-semibold">{recordName(record.data)}</h2>
        <p className="text-muted-foreground text-sm">
          Customer record (you see this because you are an admin).{' '}
          <a href={`/admin/customers/${encodeURIComponent(customerId)}`} className="text-primary underline">
            Open in the admin area
          </a>
        </p>
      </div>
      <CustomerRecordView record={record.data} />
    </article>
  );
}
