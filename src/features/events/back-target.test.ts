import { describe, expect, it } from 'vitest';
import { eventsBackTarget } from './back-target';

const origin = 'https://trips.example';
const base = { origin, signedIn: false, isAdmin: false };

describe('eventsBackTarget', () => {
  it('returns to the page of this site the visitor came from', () => {
    expect(eventsBackTarget({ ...base, referrer: `${origin}/tours/usa?x=1` })).toBe('/tours/usa?x=1');
  });

  it('ignores other sites, the login page and the events page itself', () => {
    for (const referrer of ['https://evil.example/', `${origin}/login?next=/events`, `${origin}/events`, ''])
      expect(eventsBackTarget({ ...base, referrer })).toBe('/');
  });

  it('falls back by role: admins to /admin, members to /dashboard, visitors home', () => {
    expect(eventsBackTarget({ ...base, referrer: '', signedIn: true, isAdmin: true })).toBe('/admin');
    expect(eventsBackTarget({ ...base, referrer: '', signedIn: true })).toBe('/dashboard');
    expect(eventsBackTarget({ ...base, referrer: '' })).toBe('/');
  });
});
