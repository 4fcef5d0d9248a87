import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/utils';
import type { ListSearch } from '../search';
import { pageCount, PAGE_SIZE } from './paging';

/** The spec's table skeleton: five rows while a page loads. */
const SKELETON_ROWS = 5;
const SEARCH_DELAY_MS = 300;
const number = new Intl.NumberFormat('en-AU');

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption), e.g. 'Customers'. */
  caption: string;
  /** Column ids are the server's sort keys; a column sorts when `enableSorting` is not false. */
  // TanStack Table's own typing for a list of columns whose values differ in type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  rows: Row[] | undefined;
  total: number | undefined;
  getRowId: (row: Row) => string;
  state: ListSearch;
  onStateChange: (next: Partial<ListSearch>) => void;
  isError?: boolean;
  /** The label of the search box; no search box without it. */
  searchLabel?: string;
  /** Filters and other controls shown beside the search box. */
  toolbar?: ReactNode;
  /** What an empty result says ('No customers match this search.'). */
  emptyText: string;
  pageSize?: number;
  /**
   * Below 640 px, each row becomes a card of "Column: value" lines and the headers a wrapped row of sort
   * buttons, so a phone shows every column whole without scrolling sideways (decision 0063). The table
   * keeps its roles explicitly, as a table laid out in blocks would otherwise lose them in some browsers.
   */
  stackOnPhone?: boolean;
}

// The classes of stackOnPhone, per part of the table (Tailwind's max-sm: below 640 px).
const STACK = {
  table: 'max-sm:block',
  head: 'max-sm:block',
  headRow: 'max-sm:flex max-sm:flex-wrap max-sm:gap-x-1',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:py-2',
  cell: 'max-sm:grid max-sm:grid-cols-[7rem_minmax(0,1fr)] max-sm:gap-2 max-sm:py-1 max-sm:[overflow-wrap:anywhere] max-sm:before:font-medium max-sm:before:content-[attr(data-label)]',
  wholeRowCell: 'max-sm:block',
} as const;

/**
 * The admin's table, the model for every list: TanStack Table renders the columns, and paging, sorting and
 * search happen on the server (the screen reads one page through its `*.data.ts`), with the state in the
 * address (useListSearch). Sorting is a button in each header (aria-sort says which way); the search waits
 * for a pause in typing; everything works by keyboard.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  total,
  getRowId,
  state,
  onStateChange,
  isError = false,
  searchLabel,
  toolbar,
  emptyText,
  pageSize = PAGE_SIZE,
  stackOnPhone = false,
}: DataTableProps<Row>) {
  // The stacked layout's classes and roles, or nothing for a table that only scrolls sideways.
  const stack = (part: keyof typeof STACK) => (stackOnPhone ? STACK[part] : '');
  const role = (value: string) => (stackOnPhone ? value : undefined);
  const sorting: SortingState = state.sort ? [{ id: state.sort, desc: state.dir === 'desc' }] : [];
  const page = state.page ?? 1;
  const pages = total === undefined ? undefined : pageCount(total, pageSize);
  // Nothing here is memoised by the React Compiler (the project does not use it); the hook is safe as is.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    pageCount: pages ?? -1,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onStateChange(
        first ? { sort: first.id, dir: first.desc ? 'desc' : 'asc' } : { sort: undefined, dir: undefined },
      );
    },
  });
  const columnCount = table.getVisibleLeafColumns().length;
  const first = total ? (page - 1) * pageSize + 1 : 0;
  const last = total ? Math.min(total, page * pageSize) : 0;

  return (
    <div className="space-y-3">
      {(searchLabel || toolbar) && (
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          {searchLabel && (
            <SearchBox label={searchLabel} value={state.q ?? ''} onSearch={(q) => onStateChange({ q })} />
          )}
          {toolbar}
        </div>
      )}
      <div className="border-border overflow-x-auto rounded-lg border">
        <table
          role={role('table')}
          className={cn('w-full text-left text-sm', stack('table'))}
          aria-busy={rows === undefined && !isError}
        >
          <caption className="sr-only">{caption}</caption>
          <thead role={role('rowgroup')} className={cn('bg-muted/50', stack('head'))}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} role={role('row')} className={stack('headRow')}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      role={role('columnheader')}
                      scope="col"
                      className="px-3 py-2 font-semibold whitespace-nowrap"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="hover:text-primary inline-flex items-center gap-1 focus-visible:outline-3"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody role={role('rowgroup')} className={stack('body')}>
            {isError ? (
              <tr role={role('row')} className={stack('row')}>
                <td
                  colSpan={columnCount}
                  role="alert"
                  className={cn('text-destructive px-3 py-6 text-center', stack('wholeRowCell'))}
                >
                  We could not load this list. Please refresh the page to try again.
                </td>
              </tr>
            ) : rows === undefined ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} role={role('row')} className={cn('border-border border-t', stack('row'))}>
                  <td
                    colSpan={columnCount}
                    role={role('cell')}
                    className={cn('px-3 py-3', stack('wholeRowCell'))}
                  >
                    <div className="bg-muted h-4 animate-pulse rounded" />
                  </td>
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr role={role('row')} className={stack('row')}>
                <td
                  colSpan={columnCount}
                  role={role('cell')}
                  className={cn('text-muted-foreground px-3 py-6 text-center', stack('wholeRowCell'))}
                >
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} role={role('row')} className={cn('border-border border-t', stack('row'))}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      role={role('cell')}
                      data-label={
                        stackOnPhone ? columnLabel(cell.column.columnDef.header, cell.column.id) : undefined
                      }
                      className={cn('px-3 py-2 align-top', stack('cell'))}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={`${caption} pages`}
        className="flex flex-wrap items-center justify-between gap-3 text-sm print:hidden"
      >
        <p role="status">
          {total === undefined
            ? ''
            : total === 0
              ? 'No results'
              : `${number.format(first)}–${number.format(last)} of ${number.format(total)}`}
        </p>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={page <= 1}
            onClick={() => onStateChange({ page: page - 1 })}
          >
            Previous page
          </button>
          <span>{pages === undefined ? '' : `Page ${number.format(page)} of ${number.format(pages)}`}</span>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={pages === undefined || page >= pages}
            onClick={() => onStateChange({ page: page + 1 })}
          >
            Next page
          </button>
        </div>
      </nav>
    </div>
  );
}

/** The search box: the list follows a pause in typing, or Enter at once. */
function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (q: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  // The address changed by other means (back button, a link): show its search, as React's docs advise.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="flex min-w-64 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        className="border-border bg-background h-10 rounded-md border px-3"
      />
    </div>
  );
}

/** A column's name for the stacked layout's "Column: value" lines: its header when that is text. */
function columnLabel(header: unknown, id: string): string {
  return typeof header === 'string' ? header : id;
}
