import { useId, type ReactNode } from 'react';

/** One part of a customer's record: a heading (h3, under the screen's h2) and its content. */
export function RecordSection({
  title,
  count,
  children,
}: {
  title: string;
  count?: number;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-border space-y-3 rounded-lg border p-4">
      <h3 id={id} className="text-lg font-semibold">
        {title}
        {count !== undefined && <span className="text-muted-foreground font-normal"> ({count})</span>}
      </h3>
      {children}
    </section>
  );
}

/** A small read-only table of a record (no paging: a customer's own rows are few). */
export function RecordTable<Row>({
  caption,
  rows,
  empty,
  columns,
  rowKey,
}: {
  caption: string;
  rows: readonly Row[];
  empty: string;
  columns: readonly { header: string; cell: (row: Row) => ReactNode }[];
  rowKey: (row: Row) => string;
}) {
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className="px-2 py-1 font-semibold whitespace-nowrap">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-border border-t">
              {columns.map((column) => (
                <td key={column.header} className="px-2 py-1 align-top">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
