import { describe, expect, it } from 'vitest';
import { lighthouseMinScores } from '../budgets/limits.mjs';
import type { PageLoad, PageRequest } from './lighthouse-page.ts';
import {
  eventsBenchReport,
  formatReport,
  formatRunLine,
  medianRun,
  missedGoals,
  supabaseRows,
  type EventsBenchReport,
} from './report.ts';
import type { TimedTransaction } from './timing-database.ts';

const SUPABASE = 'http://127.0.0.1:54481';

function request(url: string, startMs: number, extra: Partial<PageRequest> = {}): PageRequest {
  return {
    url,
    resourceType: 'Fetch',
    transferSize: 1000,
    startMs,
    endMs: startMs + 50,
    statusCode: 200,
    ...extra,
  };
}

function transaction(path: string, dbMs: number): TimedTransaction {
  return { method: 'GET', path, dbMs, statements: 3 };
}

describe('supabaseRows', () => {
  it("pairs each REST request with its path's transactions in order, and leaves out the rest", () => {
    const rows = supabaseRows(
      [
        request(`${SUPABASE}/rest/v1/comments?select=id&event_id=in.(a,b)`, 30),
        request('http://localhost:4321/_astro/page.js', 1, { resourceType: 'Script' }),
        request(`${SUPABASE}/rest/v1/events?select=id`, 10),
        request(`${SUPABASE}/rest/v1/events?select=id`, 5, { resourceType: 'Preflight' }),
        request(`${SUPABASE}/rest/v1/comments?select=id&offset=20`, 40),
        request(`${SUPABASE}/auth/v1/user`, 20),
      ],
      SUPABASE,
      [transaction('/events', 2), transaction('/comments', 7), transaction('/comments', 9)],
    );
    expect(rows.map((row) => [row.request, row.dbMs])).toEqual([
      ['/rest/v1/events?select=id', 2],
      ['/auth/v1/user', null],
      ['/rest/v1/comments?select=id&event_id=in.(a,b)', 7],
      ['/rest/v1/comments?select=id&offset=20', 9],
    ]);
  });
});

describe('eventsBenchReport', () => {
  it('adds up bytes and database time and takes the list mark', () => {
    const load: PageLoad = {
      requests: [
        request('http://localhost:4321/_astro/a.js', 1, { resourceType: 'Script', transferSize: 40_000 }),
        request(`${SUPABASE}/rest/v1/events?select=id`, 10, { transferSize: 2000 }),
        request(`${SUPABASE}/rest/v1/comments?select=id`, 20, { transferSize: 3000 }),
      ],
      marks: new Map([['events:list-shown', 120]]),
      cls: 0.02,
      lcpMs: 900,
      totalBytes: 60_000,
      performanceScore: 90,
      hostBenchmarkIndex: 1234.5,
    };
    const report = eventsBenchReport(load, SUPABASE, [
      transaction('/events', 1.5),
      transaction('/comments', 4),
    ]);
    expect(report).toMatchObject({
      listShownMs: 120,
      dataInMs: 70,
      scriptBytes: 40_000,
      supabaseRequests: 2,
      supabaseBytes: 5000,
      dbMsTotal: 5.5,
      hostBenchmarkIndex: 1234.5,
    });
    const text = formatReport(report);
    expect(text).toMatch(/^host CPU \(Lighthouse benchmark index\) +1235$/m);
    expect(formatRunLine(report)).toMatch(/, host index 1235$/);
    expect(text).toMatch(/^Supabase requests +2$/m);
    expect(text).toMatch(/\/rest\/v1\/comments\?select=id +200 +3\.0 KB +20 ms +70 ms +4\.0 ms +3/);
  });
});

describe('medianRun', () => {
  const run = (listShownMs: number | null, dataInMs: number | null) =>
    ({
      listShownMs,
      dataInMs,
      cls: 0,
      lcpMs: 0,
      performanceScore: 90,
      hostBenchmarkIndex: 2000,
    }) as EventsBenchReport;

  it('takes the run whose list showed at the median time, the earlier of two middles', () => {
    const runs = [run(900, 1000), run(300, 400), run(600, 700)];
    expect(medianRun(runs)).toBe(runs[2]);
    expect(medianRun([run(500, 600), run(200, 300)]).listShownMs).toBe(200);
  });

  it('falls back on when the data was in, and a run with neither counts as slowest', () => {
    const runs = [run(null, null), run(null, 800), run(null, 500)];
    expect(medianRun(runs)).toBe(runs[1]);
    expect(formatRunLine(runs[0]!)).toContain('list shown -, data in -');
  });
});

describe('missedGoals', () => {
  const comments = {
    request: '/rest/v1/events?select=id,total:event_comment_counts(comments),threads:comment_threads(id)',
    status: 200,
    bytes: 20_000,
    startMs: 700,
    endMs: 800,
    dbMs: 12,
    statements: 3,
  };
  const met = {
    supabaseRequests: 3,
    cls: 0.006,
    performanceScore: 95,
    lcpMs: 2_000,
    listShownMs: 1_200,
    rows: [comments],
  } as EventsBenchReport;

  it('passes a run that meets every goal, a visitor’s and a member’s', () => {
    expect(missedGoals(met, { visitor: true })).toEqual([]);
    expect(missedGoals({ ...met, performanceScore: 90 }, { visitor: false })).toEqual([]);
  });

  it('names each goal a visitor’s run missed: requests, CLS, /events’ Lighthouse floor', () => {
    const floor = lighthouseMinScores('/events').performance;
    expect(
      missedGoals({ ...met, supabaseRequests: 4, cls: 0.16, performanceScore: floor - 1 }, { visitor: true }),
    ).toEqual([
      '4 Supabase requests, more than 3',
      'CLS 0.160, over 0.1',
      `performance ${floor - 1}, under ${floor}`,
    ]);
  });

  it('names each goal a member’s run missed: score, LCP, list shown, the first comments read', () => {
    expect(
      missedGoals(
        {
          ...met,
          performanceScore: 46,
          lcpMs: 6_800,
          listShownMs: 4_500,
          rows: [{ ...comments, bytes: 532_000, dbMs: 2_000 }],
        },
        { visitor: false },
      ),
    ).toEqual([
      'performance 46, under 90',
      'LCP 6800 ms, over 2500 ms',
      'list shown 4500 ms, over 1500 ms',
      'first comments read 532.0 KB, over 100.0 KB',
      'first comments read 2000 ms of database time, over 100 ms',
    ]);
    expect(missedGoals({ ...met, listShownMs: null, rows: [] }, { visitor: false })).toEqual([
      'list never shown',
      'no comments read',
    ]);
  });
});
