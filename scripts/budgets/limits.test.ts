import { describe, expect, it } from 'vitest';
import {
  APP_PAGE_JS_GZIP_BYTES,
  ADMIN_SHELL_JS_GZIP_BYTES,
  EVENTS_PAGE_JS_GZIP_BYTES,
  groupJsBudget,
  LIGHTHOUSE_MAX_CLS,
  LIGHTHOUSE_MIN_SCORES,
  LIGHTHOUSE_PAGES,
  lighthouseMinScores,
  PAGE_JS_GZIP_BYTES,
  pageJsBudget,
} from './limits.mjs';

describe('pageJsBudget', () => {
  it('gives the app pages the dashboard budget', () => {
    for (const page of [
      'dashboard/index.html',
      'customer/index.html',
      'login/index.html',
      'event-updates.html',
    ])
      expect(pageJsBudget(page)).toBe(APP_PAGE_JS_GZIP_BYTES);
  });

  it('gives /events and /event-details their own, larger budget', () => {
    for (const page of ['events.html', 'events/index.html', 'event-details.html', 'event-details/index.html'])
      expect(pageJsBudget(page)).toBe(EVENTS_PAGE_JS_GZIP_BYTES);
    expect(EVENTS_PAGE_JS_GZIP_BYTES).toBeGreaterThan(APP_PAGE_JS_GZIP_BYTES);
    expect(pageJsBudget('event-updates.html')).toBe(APP_PAGE_JS_GZIP_BYTES);
  });

  it('holds visitor pages to the smaller budget, even when their name starts like an app page', () => {
    for (const page of [
      'index.html',
      'terms/index.html',
      'tours/usa/index.html',
      'eventsful/index.html',
      'event-detailsx.html',
    ])
      expect(pageJsBudget(page)).toBe(PAGE_JS_GZIP_BYTES);
  });
});

describe('lighthouseMinScores', () => {
  it('holds every page, /events included, to the common minimums', () => {
    expect(lighthouseMinScores('/terms')).toEqual(LIGHTHOUSE_MIN_SCORES);
    expect(lighthouseMinScores('/events')).toEqual(LIGHTHOUSE_MIN_SCORES);
    expect(LIGHTHOUSE_MIN_SCORES.performance).toBe(95);
  });

  it('audits /events, where the layout-shift budget matters most', () => {
    expect(LIGHTHOUSE_PAGES).toContain('/events');
    expect(LIGHTHOUSE_MAX_CLS).toBe(0.1);
  });
});

describe('groupJsBudget', () => {
  it("holds admin-only code on a member page to the admin shell's budget, the rest to the page's", () => {
    expect(groupJsBudget('customer.html', 'import() /_astro/AdminCustomerProfile.DTa-_rce.js')).toBe(
      ADMIN_SHELL_JS_GZIP_BYTES,
    );
    expect(groupJsBudget('customer.html', 'import() /_astro/PublicProfile.DTa-_rce.js')).toBe(
      APP_PAGE_JS_GZIP_BYTES,
    );
    expect(groupJsBudget('customer.html', 'import() /_astro/browser-client.CrdXtGHG.js')).toBe(
      APP_PAGE_JS_GZIP_BYTES,
    );
  });
});
