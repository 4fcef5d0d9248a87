import { ContentError, type DocumentRef } from './contentError';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isRealCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Small checks over query results, each bound to one document so that a failure names it and the field path
 * (e.g. `hauntedSites[3].city`). Every check returns the value it accepted.
 */
export class FieldChecker {
  constructor(readonly document: DocumentRef) {}

  fail(field: string, problem: string): never {
    throw new ContentError(this.document, field, problem);
  }

  text(field: string, value: unknown): string {
    if (typeof value !== 'string' || value.trim() === '') this.fail(field, 'must be non-empty text');
    return value;
  }

  optionalText(field: string, value: unknown): string | null {
    return value === null || value === undefined ? null : this.text(field, value);
  }

  matching(field: string, value: unknown, pattern: RegExp, shape: string): string {
    const text = this.text(field, value);
    if (!pattern.test(text)) this.fail(field, `must be ${shape}`);
    return text;
  }

  slug(field: string, value: unknown): string {
    return this.matching(field, value, SLUG, 'a slug of lower-case words joined by hyphens');
  }

  isoDate(field: string, value: unknown): string {
    const text = this.text(field, value);
    if (!isRealCalendarDate(text)) this.fail(field, 'must be a calendar date written as YYYY-MM-DD');
    return text;
  }

  wholeNumber(field: string, value: unknown, min: number, max: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      this.fail(field, `must be a whole number between ${min} and ${max}`);
    }
    return value;
  }

  boolean(field: string, value: unknown): boolean {
    if (typeof value !== 'boolean') this.fail(field, 'must be true or false');
    return value;
  }

  oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
    if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
      this.fail(field, `must be one of: ${allowed.join(', ')}`);
    }
    return value as T;
  }

  list(field: string, value: unknown, { min = 0, max = Infinity } = {}): unknown[] {
    if (!Array.isArray(value)) this.fail(field, 'must be a list');
    if (value.length < min || value.length > max) {
      const count =
        min === max ? `exactly ${min}` : max === Infinity ? `at least ${min}` : `${min} to ${max}`;
      this.fail(field, `must hold ${count} items (has ${value.length})`);
    }
    return value;
  }

  optionalList(field: string, value: unknown): unknown[] | null {
    return value === null || value === undefined ? null : this.list(field, value);
  }

  textList(field: string, value: unknown, { min = 0 } = {}): string[] {
    return this.list(field, value, { min }).map((item, index) => this.text(`${field}[${index}]`, item));
  }

  object(field: string, value: unknown): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      this.fail(field, 'must be an object');
    return value as Record<string, unknown>;
  }
}
