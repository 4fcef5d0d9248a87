// The date the static pages take as today when they are built: which trips are still offered (a trip that
// has departed loses its waitlist and interest buttons at the next build). Real by default; SITE_TODAY fixes
// it (YYYY-MM-DD), which the browser tests' build does so their sample trips stay bookable in any year.
import { parseIsoDate } from '../format/calendarDate';
import { sydneyToday } from '../format/today';
import { readEnv } from './contentSource';

type Env = Readonly<Record<string, string | undefined>>;

export function buildToday(env: Env = readEnv(), now: Date = new Date()): string {
  const fixed = env['SITE_TODAY']?.trim();
  if (!fixed) return sydneyToday(now);
  parseIsoDate(fixed); // throws a RangeError that names the value
  return fixed;
}
