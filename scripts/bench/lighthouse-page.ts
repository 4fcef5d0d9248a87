import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/helpers/chromium.mjs';

/** One request of the page load, as Lighthouse's network-requests audit lists it. */
export interface PageRequest {
  url: string;
  resourceType: string | undefined;
  /** Bytes on the wire (headers and compressed body). */
  transferSize: number;
  /** Milliseconds after the navigation started. */
  startMs: number;
  endMs: number;
  statusCode: number;
}

export interface PageLoad {
  requests: PageRequest[];
  /** User-timing marks: name → milliseconds after the navigation started. */
  marks: Map<string, number>;
  cls: number;
  lcpMs: number;
  totalBytes: number;
  performanceScore: number;
  /**
   * Lighthouse's measure of the host's CPU speed (`environment.benchmarkIndex`; higher is faster). Its
   * simulation multiplies the host's own main-thread time by 4, so a slower or busier host scores lower
   * for the same page: the figure says which host measured.
   */
  hostBenchmarkIndex: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

type Items = Record<string, unknown>[];

function auditItems(lhr: { audits: Record<string, { details?: unknown }> }, id: string): Items {
  const details = lhr.audits[id]?.details as { items?: Items } | undefined;
  return details?.items ?? [];
}

/**
 * Loads `url` once under Lighthouse's default mobile emulation (Moto G Power screen, simulated slow 4G and
 * 4× CPU for its metrics), cold cache, with `localStorage` holding `storage` first (a signed-in member's
 * session, as supabase-js stores it). Lighthouse would clear storage before loading, so the storage is
 * written on a page without scripts (the site's robots.txt or any path of the origin) and the reset is off;
 * the cache stays empty because nothing the page loads was fetched before.
 */
/** Where the full Lighthouse report of the last run is kept (git-ignored, as the budgets' reports). */
export const REPORT_PATH = '.lighthouse/bench-events.json';

export async function lighthousePage(url: string, storage: Record<string, string>): Promise<PageLoad> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'bench-events-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      ...CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
      `--remote-debugging-port=${port}`,
      // The site may be served over HTTP/2 with the benchmark's own throwaway certificate (bench-site.ts).
      '--ignore-certificate-errors',
    ],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(new URL('/favicon.svg', url).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    await mkdir('.lighthouse', { recursive: true });
    await writeFile(REPORT_PATH, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const requests = auditItems(lhr, 'network-requests').map((item) => ({
      url: String(item.url),
      resourceType: typeof item.resourceType === 'string' ? item.resourceType : undefined,
      transferSize: Number(item.transferSize ?? 0),
      startMs: Number(item.networkRequestTime ?? 0),
      endMs: Number(item.networkEndTime ?? 0),
      statusCode: Number(item.statusCode ?? 0),
    }));
    const marks = new Map<string, number>();
    for (const item of auditItems(lhr, 'user-timings'))
      if (item.timingType === 'Mark') marks.set(String(item.name), Number(item.startTime));
    return {
      requests,
      marks,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      totalBytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
      performanceScore: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      hostBenchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
