// Character classes every field rule shares. The migration 20261123300001_align_field_rules.sql spells the
// same classes out for Postgres; supabase/tests/database/field-rules-agree.test.ts proves the two agree.

/** The whitespace String.prototype.trim() removes: a stored value starts and ends with none of it. */
const EDGE_WHITESPACE = /^\s|\s$/u;

/** C0 and C1 control characters and DEL: never part of a name, e-mail address or phone number. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/u;

/** Controls a multi-line message may not hold: all but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/u;

/** Half of a surrogate pair on its own: JavaScript strings may hold one, Postgres text cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Length in code points, as Postgres's char_length counts it (a string's .length counts UTF-16 units,
 * so an emoji would count twice).
 */
export function characterCount(value: string): number {
  return [...value].length;
}

export function isTrimmed(value: string): boolean {
  return !EDGE_WHITESPACE.test(value);
}

export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? CONTROL_EXCEPT_LINE_BREAKS : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** What the forms save for an optional field: the trimmed text, or null when nothing is left. */
export function optionalValue(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}
