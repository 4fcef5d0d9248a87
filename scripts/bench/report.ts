import type { PageLoad, PageRequest } from './lighthouse-page.ts';
import type { TimedTransaction } from './timing-database.ts';
import type { BurstReport } from './live-burst.ts';
import { LIGHTHOUSE_MAX_CLS, lighthouseMinScores } from '../budgets/limits.mjs';
import { LIST_SHOWN_MARK } from '../../src/features/events/list-shown-mark.ts';

/** One Supabase request of the page load with the database time of the transaction that answered it. */
export interface SupabaseRow {
  /** `GET /rest/v1/events?select=…`, as the browser sent it. */
  request: string;
  status: number;
  bytes: number;
  startMs: number;
  endMs: number;
  /** Database time of its transaction; null when the request ran none (Auth, a preflight, a failure before SQL). */
  dbMs: number | null;
  statements: number | null;
}

export interface EventsBenchReport {
  /** When the list was on screen (LIST_SHOWN_MARK); null when the page set no such mark. */
  listShownMs: number | null;
  /** When the last Supabase response had arrived: everything the page reads is in. */
  dataInMs: number | null;
  lcpMs: number;
  cls: number;
  performanceScore: number;
  /** The host's CPU speed as Lighthouse measured it (PageLoad's hostBenchmarkIndex). */
  hostBenchmarkIndex: number;
  totalBytes: number;
  scriptBytes: number;
  supabaseRequests: number;
  supabaseBytes: number;
  dbMsTotal: number;
  rows: SupabaseRow[];
}

const PREFLIGHT = 'Preflight';

/**
 * The page's Supabase requests (preflights left out: they reach no handler) in the order they started,
 * each paired with the REST transaction for its path, taken in order (the stack starts a request's
 * transaction when it handles it, so two reads of one path pair up first with first).
 */
export function supabaseRows(
  requests: readonly PageRequest[],
  supabaseUrl: string,
  transactions: readonly TimedTransaction[],
): SupabaseRow[] {
  const origin = new URL(supabaseUrl).origin;
  const unused = [...transactions];
  return requests
    .filter((request) => new URL(request.url).origin === origin && request.resourceType !== PREFLIGHT)
    .sort((a, b) => a.startMs - b.startMs)
    .map((request) => {
      const url = new URL(request.url);
      const restPath = url.pathname.startsWith('/rest/v1/') ? url.pathname.slice('/rest/v1'.length) : null;
      const index = restPath === null ? -1 : unused.findIndex((transaction) => transaction.path === restPath);
      const [transaction] = index === -1 ? [] : unused.splice(index, 1);
      return {
        request: `${url.pathname}${decodeURIComponent(url.search)}`,
        status: request.statusCode,
        bytes: request.transferSize,
        startMs: request.startMs,
        endMs: request.endMs,
        dbMs: transaction?.dbMs ?? null,
        statements: transaction?.statements ?? null,
      };
    });
}

export function eventsBenchReport(
  load: PageLoad,
  supabaseUrl: string,
  transactions: readonly TimedTransaction[],
): EventsBenchReport {
  const rows = supabaseRows(load.requests, supabaseUrl, transactions);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    listShownMs: load.marks.get(LIST_SHOWN_MARK) ?? null,
    dataInMs: rows.length > 0 ? Math.max(...rows.map((row) => row.endMs)) : null,
    lcpMs: load.lcpMs,
    cls: load.cls,
    performanceScore: load.performanceScore,
    hostBenchmarkIndex: load.hostBenchmarkIndex,
    totalBytes: load.totalBytes,
    scriptBytes: sum(load.requests.filter((r) => r.resourceType === 'Script').map((r) => r.transferSize)),
    supabaseRequests: rows.length,
    supabaseBytes: sum(rows.map((row) => row.bytes)),
    dbMsTotal: sum(rows.map((row) => row.dbMs ?? 0)),
    rows,
  };
}

/** The run whose list showed at the median time (when the list never showed, when its data was in). */
export function medianRun(reports: readonly EventsBenchReport[]): EventsBenchReport {
  const shown = (report: EventsBenchReport) =>
    report.listShownMs ?? report.dataInMs ?? Number.POSITIVE_INFINITY;
  const sorted = [...reports].sort((a, b) => shown(a) - shown(b));
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs to report');
  return median;
}

const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const MAX_REQUEST_CHARS = 90;

function table(header: string[], body: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!)));
  return [header, widths.map((width) => '-'.repeat(width)), ...body]
    .map((cells, index) => (index === 1 ? cells : line(cells)).join('  ').trimEnd())
    .join('\n');
}

/** One run in a line, as the runs go. */
export function formatRunLine(report: EventsBenchReport): string {
  return [
    `list shown ${ms(report.listShownMs)}`,
    `data in ${ms(report.dataInMs)}`,
    `LCP ${ms(report.lcpMs)}`,
    `CLS ${report.cls.toFixed(3)}`,
    `performance ${report.performanceScore}`,
    `${report.supabaseRequests} Supabase requests`,
    `db ${ms(report.dbMsTotal)}`,
    `host index ${Math.round(report.hostBenchmarkIndex)}`,
  ].join(', ');
}

/** The report as two plain-text tables: the page's figures, then its Supabase requests. */
export function formatReport(report: EventsBenchReport): string {
  const summary = table(
    ['figure', 'value'],
    [
      ['list shown (user-timing mark)', ms(report.listShownMs)],
      ['all Supabase data in', ms(report.dataInMs)],
      ['largest contentful paint (simulated)', ms(report.lcpMs)],
      ['cumulative layout shift', report.cls.toFixed(3)],
      ['performance score', String(report.performanceScore)],
      ['host CPU (Lighthouse benchmark index)', String(Math.round(report.hostBenchmarkIndex))],
      ['bytes transferred', kb(report.totalBytes)],
      ['  of which JavaScript', kb(report.scriptBytes)],
      ['  of which Supabase', kb(report.supabaseBytes)],
      ['Supabase requests', String(report.supabaseRequests)],
      ['database time, all requests', ms(report.dbMsTotal)],
    ],
  );
  const requests = table(
    ['Supabase request', 'status', 'bytes', 'start', 'end', 'db time', 'statements'],
    report.rows.map((row) => [
      row.request.length > MAX_REQUEST_CHARS
        ? `${row.request.slice(0, MAX_REQUEST_CHARS - 1)}…`
        : row.request,
      String(row.status),
      kb(row.bytes),
      ms(row.startMs),
      ms(row.endMs),
      row.dbMs === null ? '-' : `${row.dbMs.toFixed(1)} ms`,
      row.statements === null ? '-' : String(row.statements),
    ]),
  );
  return `${summary}\n\n${requests}`;
}

/** The live burst in a line: how many reads the changes caused and their bytes. */
export function formatBurst(burst: BurstReport): string {
  return `live burst: ${burst.changes} changes by another member cost the reader ${burst.reads} reads, ${kb(burst.bytes)}`;
}

/** Each figure at 1× and at `factor`× the events, and how many times it grew. */
export function formatGrowth(
  factor: number,
  base: { median: EventsBenchReport; burst: BurstReport | null },
  grown: { median: EventsBenchReport; burst: BurstReport | null },
): string {
  const figures: [string, (side: typeof base) => number | null, (value: number) => string][] = [
    ['list shown', (side) => side.median.listShownMs, ms],
    ['largest contentful paint', (side) => side.median.lcpMs, ms],
    ['performance score', (side) => side.median.performanceScore, String],
    ['cumulative layout shift', (side) => side.median.cls, (value) => value.toFixed(3)],
    ['Supabase requests', (side) => side.median.supabaseRequests, String],
    ['Supabase bytes', (side) => side.median.supabaseBytes, kb],
    ['first comments read, bytes', (side) => firstCommentsRow(side.median)?.bytes ?? null, kb],
    ['first comments read, database time', (side) => firstCommentsRow(side.median)?.dbMs ?? null, ms],
    ['database time, all requests', (side) => side.median.dbMsTotal, ms],
    ['live burst, bytes', (side) => side.burst?.bytes ?? null, kb],
  ];
  return table(
    ['figure', '1×', `${factor}×`, 'grew'],
    figures.map(([name, read, show]) => {
      const [before, after] = [read(base), read(grown)];
      return [
        name,
        before === null ? '-' : show(before),
        after === null ? '-' : show(after),
        before === null || after === null || before === 0 ? '-' : `×${(after / before).toFixed(2)}`,
      ];
    }),
  );
}

/** The events page's reads: the events with counts and own state, the first comments, the session's own. */
export const MAX_SUPABASE_REQUESTS = 3;

/** A member's /events at the benchmark's size (issue 25): Lighthouse's mobile emulation, full form only. */
export const MEMBER_GOALS = {
  performance: 90,
  lcpMs: 2_500,
  listShownMs: 1_500,
  /** The first comments read: its body on the wire and its database time. */
  commentsBytes: 100_000,
  commentsDbMs: 100,
};

/** The page's first comments read (its path names the comments), if it made one. */
export const firstCommentsRow = (report: EventsBenchReport): SupabaseRow | undefined =>
  report.rows.find((row) => row.request.includes('comment'));

/**
 * The goals a run of `bench:events` missed, in words (none: it met them all). The page's data in at most
 * MAX_SUPABASE_REQUESTS requests and CLS within LIGHTHOUSE_MAX_CLS; a visitor's page at /events' Lighthouse
 * floor (lighthouseMinScores, the same as every audited page's); a member's at MEMBER_GOALS. Decisions
 * 0066, 0070.
 */
export function missedGoals(report: EventsBenchReport, { visitor }: { visitor: boolean }): string[] {
  const missed: string[] = [];
  if (report.supabaseRequests > MAX_SUPABASE_REQUESTS)
    missed.push(`${report.supabaseRequests} Supabase requests, more than ${MAX_SUPABASE_REQUESTS}`);
  if (report.cls > LIGHTHOUSE_MAX_CLS)
    missed.push(`CLS ${report.cls.toFixed(3)}, over ${LIGHTHOUSE_MAX_CLS}`);
  const floor = visitor ? lighthouseMinScores('/events').performance : MEMBER_GOALS.performance;
  if (report.performanceScore < floor) missed.push(`performance ${report.performanceScore}, under ${floor}`);
  if (visitor) return missed;
  if (report.lcpMs > MEMBER_GOALS.lcpMs)
    missed.push(`LCP ${ms(report.lcpMs)}, over ${ms(MEMBER_GOALS.lcpMs)}`);
  if (report.listShownMs === null) missed.push('list never shown');
  else if (report.listShownMs > MEMBER_GOALS.listShownMs)
    missed.push(`list shown ${ms(report.listShownMs)}, over ${ms(MEMBER_GOALS.listShownMs)}`);
  const comments = firstCommentsRow(report);
  if (!comments) missed.push('no comments read');
  else {
    if (comments.bytes > MEMBER_GOALS.commentsBytes)
      missed.push(`first comments read ${kb(comments.bytes)}, over ${kb(MEMBER_GOALS.commentsBytes)}`);
    if (comments.dbMs === null || comments.dbMs > MEMBER_GOALS.commentsDbMs)
      missed.push(
        `first comments read ${ms(comments.dbMs)} of database time, over ${ms(MEMBER_GOALS.commentsDbMs)}`,
      );
  }
  return missed;
}
