/** One `postgres_changes` entry of a join, as the client sent it, with the id the server gave it. */
export interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter?: string;
  /** The parsed filter; only set when the binding names a table. */
  condition?: Condition;
}

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Condition {
  column: string;
  operator: FilterOperator;
  values: string[];
}

const OPERATORS = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

const MAX_IN_VALUES = 100;

export class BindingError extends Error {}

/** `column=op.value`, with `in.(a,b,"c,d")` for in: the filter syntax Realtime accepts. */
export function parseFilter(filter: string): Condition {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  const [, column, operator, value] = match ?? [];
  if (column === undefined || operator === undefined || value === undefined || !OPERATORS.has(operator)) {
    throw new BindingError(`Error parsing filter params: ${filter}`);
  }
  if (operator !== 'in') return { column, operator: operator as FilterOperator, values: [value] };
  const list = /^\((.*)\)$/s.exec(value)?.[1];
  if (list === undefined) throw new BindingError(`Error parsing filter params: ${filter}`);
  const values = [...list.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/g)].map((item) =>
    item[1] === undefined ? (item[2] ?? '').trim() : item[1].replace(/\\(.)/g, '$1'),
  );
  // Hosted Realtime's limit, with its text.
  if (values.length > MAX_IN_VALUES) throw new BindingError('too many values for `in` filter. Maximum 100');
  return { column, operator: 'in', values };
}

let nextId = 1;

/**
 * Reads `config.postgres_changes` of a join; throws BindingError for entries Realtime would refuse and for
 * more than `max` entries (each costs SQL for every change, so one join may not ask for unbounded work).
 */
export function parseBindings(config: unknown, max: number): Binding[] {
  const list = (config as { postgres_changes?: unknown } | undefined)?.postgres_changes ?? [];
  if (!Array.isArray(list)) throw new BindingError('postgres_changes must be a list');
  if (list.length > max) throw new BindingError(`Too many postgres_changes in one join. Maximum ${max}`);
  return list.map((entry: unknown) => {
    const { event, schema, table, filter } = (entry ?? {}) as Record<string, unknown>;
    if (typeof event !== 'string' || !EVENTS.has(event.toUpperCase())) {
      throw new BindingError(`Unknown postgres_changes event: ${String(event)}`);
    }
    if (typeof schema !== 'string' || schema === '')
      throw new BindingError('postgres_changes needs a schema');
    const binding: Binding = { id: nextId++, event, schema };
    if (typeof table === 'string' && table !== '') binding.table = table;
    if (typeof filter === 'string' && filter !== '') {
      binding.filter = filter;
      if (binding.table !== undefined && binding.table !== '*') binding.condition = parseFilter(filter);
    }
    return binding;
  });
}

/** Whether a binding asks for this kind of change on this table (its filter is checked in SQL). */
export function bindingWants(binding: Binding, schema: string, table: string, type: string): boolean {
  return (
    (binding.event === '*' || binding.event.toUpperCase() === type) &&
    (binding.schema === '*' || binding.schema === schema) &&
    (binding.table === undefined || binding.table === '*' || binding.table === table)
  );
}

/** The reply's echo of a binding: the client compares it field by field with what it sent. */
export function describeBinding(binding: Binding): Record<string, unknown> {
  const { id, event, schema, table, filter } = binding;
  return {
    id,
    event,
    schema,
    ...(table === undefined ? {} : { table }),
    ...(filter === undefined ? {} : { filter }),
  };
}
