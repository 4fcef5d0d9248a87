/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies in bracket notation, the way the
 * `stripe` SDK writes them: `metadata[booking]=x`, `line_items[0][quantity]=1`. This reads them back into
 * objects and arrays (an object whose keys are all 0, 1, 2 … becomes an array, as Stripe's parser does).
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** The path of one form key: `a[b][0]` → ['a', 'b', '0']. */
function keyPath(key: string): string[] {
  const first = key.indexOf('[');
  if (first < 0) return [key];
  const path = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function setPath(target: FormObject, path: string[], value: string): void {
  // A key that names the prototype is dropped whole: no parameter of Stripe's is called that.
  if (path.some((part) => FORBIDDEN.has(part))) return;
  let node = target;
  path.forEach((part, i) => {
    if (i === path.length - 1) {
      node[part] = value;
      return;
    }
    const next = node[part];
    if (typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as FormObject;
  });
}

function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysFromIndexes(value[key] as FormValue);
  const indexed = keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
  if (!indexed) return value;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((index) => value[String(index)] as FormValue);
}

/** Parses a form body or a query string (without its `?`). */
export function parseForm(text: string): FormObject {
  const out: FormObject = Object.create(null) as FormObject;
  for (const [key, value] of new URLSearchParams(text)) setPath(out, keyPath(key), value);
  return arraysFromIndexes(out) as FormObject;
}
