import { formatDateTime } from '../../../lib/format/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId } from 'react';
import { DataTable } from '../table/DataTable';
import { ExportCsvButton } from '../table/ExportCsvButton';
import { useListSearch } from '../table/useListSearch';
import type { ListSearch } from '../search';
import { actorOf, describeAuditRow, fieldChanges, pluralLabel, type AuditRow } from './audit';
import type { AuditSearch } from './audit-search';
import { TEAM_KEY } from './AdminsSection';
import { fetchAllAudit, fetchAuditEntities, fetchAuditPage, type AuditQuery } from './team.data';

const column = createColumnHelper<AuditRow>();
const COLUMNS = [
  column.accessor('at', {
    id: 'at',
    header: 'When',
    cell: (info) => <span className="whitespace-nowrap">{formatDateTime(info.getValue())}</span>,
  }),
  column.accessor('actor_name', {
    id: 'actor',
    header: 'Who',
    cell: ({ row }) => (
      <>
        <span className="block font-medium">{actorOf(row.original)}</span>
        {row.original.actor_email && (
          <span className="text-muted-foreground block text-xs">{row.original.actor_email}</span>
        )}
      </>
    ),
  }),
  column.accessor('entity', {
    id: 'entity',
    header: 'What',
    cell: ({ row }) => (
      <>
        <span className="block">{describeAuditRow(row.original)}</span>
        <span className="text-muted-foreground block text-xs">
          {row.original.entity} · {row.original.action}
        </span>
      </>
    ),
  }),
  column.display({
    id: 'changes',
    header: 'Before and after',
    enableSorting: false,
    cell: ({ row }) => <Changes row={row.original} />,
  }),
];

const CSV_COLUMNS = [
  { header: 'When', value: (row: AuditRow) => row.at },
  { header: 'Who', value: (row: AuditRow) => row.actor_name },
  { header: 'Who e-mail', value: (row: AuditRow) => row.actor_email },
  { header: 'Table', value: (row: AuditRow) => row.entity },
  { header: 'Row id', value: (row: AuditRow) => row.entity_id },
  { header: 'Label', value: (row: AuditRow) => row.entity_label },
  { header: 'What', value: (row: AuditRow) => row.entity_noun },
  { header: 'Action', value: (row: AuditRow) => row.action },
  { header: 'Summary', value: (row: AuditRow) => describeAuditRow(row) },
  { header: 'Before', value: (row: AuditRow) => (row.before ? JSON.stringify(row.before) : '') },
  { header: 'After', value: (row: AuditRow) => (row.after ? JSON.stringify(row.after) : '') },
] as const;

/** The audit log: every admin change, searchable by who, what and when, paged on the server. */
export function AuditLogSection() {
  const [listSearch, update] = useListSearch();
  const search = listSearch as AuditSearch;
  const badRange = !!search.from && !!search.to && search.from > search.to;
  const query: AuditQuery = {
    q: search.q,
    entity: search.filter,
    from: search.from,
    to: search.to,
    sort: search.sort,
    dir: search.dir,
  };
  const page = search.page ?? 1;
  const log = useQuery({
    queryKey: [...TEAM_KEY, 'audit', query, page],
    queryFn: () => fetchAuditPage(query, page),
    enabled: !badRange,
    placeholderData: keepPreviousData,
  });
  const setFilter = (next: Partial<AuditSearch>) =>
    update({ ...next, page: undefined } as Partial<ListSearch>);

  return (
    <section aria-labelledby="team-audit" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="team-audit" className="text-xl font-semibold">
          Audit log
        </h3>
        <ExportCsvButton what="changes" columns={CSV_COLUMNS} readAll={() => fetchAllAudit(query)} />
      </div>
      <p className="text-muted-foreground text-sm">
        Every change an admin makes to members, roles, events and enquiries, written by the database. Times
        are Sydney times.
      </p>
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        rows={badRange ? [] : log.data?.rows}
        total={badRange ? 0 : log.data?.total}
        getRowId={(row) => String(row.id)}
        state={search}
        onStateChange={update}
        isError={log.isError}
        searchLabel="Search who or what"
        emptyText={
          badRange ? 'Choose a “from” date on or before the “to” date.' : 'No changes match this search.'
        }
        toolbar={<Filters search={search} badRange={badRange} onChange={setFilter} />}
      />
    </section>
  );
}

function Filters({
  search,
  badRange,
  onChange,
}: {
  search: AuditSearch;
  badRange: boolean;
  onChange: (next: Partial<AuditSearch>) => void;
}) {
  const id = useId();
  // The audited tables, from the database's audit triggers: a newly audited table appears by itself.
  const entities = useQuery({
    queryKey: [...TEAM_KEY, 'audit-entities'],
    queryFn: () => fetchAuditEntities(),
    staleTime: Infinity,
  });
  const control = 'border-border bg-background h-10 rounded-md border px-3';
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-what`} className="text-sm font-medium">
          What changed
        </label>
        <select
          id={`${id}-what`}
          className={control}
          value={search.filter ?? ''}
          onChange={(event) => onChange({ filter: event.target.value || undefined })}
        >
          <option value="">Everything</option>
          {entities.data?.map(({ entity, noun }) => (
            <option key={entity} value={entity}>
              {pluralLabel(noun)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={control}
          value={search.from ?? ''}
          aria-invalid={badRange || undefined}
          aria-describedby={badRange ? `${id}-range` : undefined}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={control}
          value={search.to ?? ''}
          aria-invalid={badRange || undefined}
          aria-describedby={badRange ? `${id}-range` : undefined}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </div>
      {badRange && (
        <p id={`${id}-range`} role="alert" className="text-destructive basis-full text-sm">
          The “from” date is after the “to” date.
        </p>
      )}
    </>
  );
}

/** The changed fields of one row, folded away until asked for. */
function Changes({ row }: { row: AuditRow }) {
  const changes = fieldChanges(row);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <details>
      <summary className="cursor-pointer">
        {changes.length === 1 ? '1 field' : `${changes.length} fields`}
      </summary>
      <dl className="mt-2 space-y-2 text-xs">
        {changes.map((change) => (
          <div key={change.field}>
            <dt className="font-medium">{change.field}</dt>
            <dd className="break-all">Before: {change.before}</dd>
            <dd className="break-all">After: {change.after}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
