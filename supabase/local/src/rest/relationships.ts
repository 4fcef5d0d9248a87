import type { Catalog, ForeignKey, Table } from './catalog.ts';
import { restError } from './errors.ts';

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** How an embedded table joins its parent: column pairs, directly or through a junction table. */
export interface Relationship {
  cardinality: Cardinality;
  target: Table;
  constraint: string;
  /** direct joins: parent column = target column */
  pairs: { parent: string; target: string }[];
  junction?: {
    table: Table;
    /** junction column = parent column */
    parentPairs: { junction: string; parent: string }[];
    /** junction column = target column */
    targetPairs: { junction: string; target: string }[];
  };
}

export const isToOne = (rel: Relationship): boolean =>
  rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';

const zip = (a: string[], b: string[]) => a.map((value, index) => [value, b[index] ?? ''] as const);
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

function manyToOne(fk: ForeignKey, target: Table): Relationship {
  return {
    cardinality: 'many-to-one',
    target,
    constraint: fk.name,
    pairs: zip(fk.columns, fk.refColumns).map(([parent, targetColumn]) => ({ parent, target: targetColumn })),
  };
}

function oneToMany(fk: ForeignKey, target: Table): Relationship {
  const unique = target.uniqueKeys.some((key) => sameSet(key, fk.columns));
  return {
    cardinality: unique ? 'one-to-one' : 'one-to-many',
    target,
    constraint: fk.name,
    pairs: zip(fk.refColumns, fk.columns).map(([parent, targetColumn]) => ({ parent, target: targetColumn })),
  };
}

function manyToMany(catalog: Catalog, parent: Table, target: Table): Relationship[] {
  const found: Relationship[] = [];
  for (const junction of catalog.tables.values()) {
    if (junction.name === parent.name || junction.name === target.name) continue;
    const outgoing = catalog.foreignKeys.filter((fk) => fk.table === junction.name);
    for (const toParent of outgoing.filter((fk) => fk.refTable === parent.name)) {
      for (const toTarget of outgoing.filter((fk) => fk.refTable === target.name && fk !== toParent)) {
        const keyColumns = junction.primaryKey;
        const covered = [...toParent.columns, ...toTarget.columns].every((column) =>
          keyColumns.includes(column),
        );
        if (!covered) continue;
        found.push({
          cardinality: 'many-to-many',
          target,
          constraint: junction.name,
          pairs: [],
          junction: {
            table: junction,
            parentPairs: zip(toParent.columns, toParent.refColumns).map(([j, p]) => ({
              junction: j,
              parent: p,
            })),
            targetPairs: zip(toTarget.columns, toTarget.refColumns).map(([j, t]) => ({
              junction: j,
              target: t,
            })),
          },
        });
      }
    }
  }
  return found;
}

/**
 * A table's foreign key to itself gives two relationships, and PostgREST tells them apart by convention:
 * the table's own name is the one-to-many (`comments(*)`: the children; `comments!parent_id(*)` names the
 * children's column when there are several), a foreign-key column the many-to-one (`parent_id(*)`: the
 * parent). One-to-one and many-to-many self-relationships are not embeddable, as in PostgREST.
 */
function selfCandidates(
  selfKeys: ForeignKey[],
  table: Table,
  name: string,
  hint: string | undefined,
): Relationship[] {
  return selfKeys.flatMap((fk) => {
    const column = fk.columns.length === 1 ? fk.columns[0] : undefined;
    const children = oneToMany(fk, table);
    if (column === undefined || children.cardinality === 'one-to-one') return [];
    if (name === table.name) return hint === undefined || hint === column ? [children] : [];
    return hint === undefined && name === column ? [manyToOne(fk, table)] : [];
  });
}

/** Every relationship `parent → name!hint` can mean. */
function candidates(catalog: Catalog, parent: Table, name: string, hint: string | undefined): Relationship[] {
  const isSelf = (fk: ForeignKey) => fk.table === parent.name && fk.refTable === parent.name;
  const found: Relationship[] = [];
  const target = catalog.tables.get(name);
  if (target && target.name !== parent.name) {
    for (const fk of catalog.foreignKeys) {
      if (fk.table === parent.name && fk.refTable === target.name) found.push(manyToOne(fk, target));
      if (fk.refTable === parent.name && fk.table === target.name) found.push(oneToMany(fk, target));
    }
    found.push(...manyToMany(catalog, parent, target));
  } else if (!target) {
    // `author_id(*)` or `events_author_id_fkey(*)`: a foreign-key column or constraint of the parent.
    for (const fk of catalog.foreignKeys) {
      if (isSelf(fk)) continue;
      const refTable = catalog.tables.get(fk.refTable);
      const fromParent = fk.table === parent.name && (fk.name === name || sameSet(fk.columns, [name]));
      if (fromParent && refTable) found.push(manyToOne(fk, refTable));
      const source = catalog.tables.get(fk.table);
      if (fk.refTable === parent.name && fk.name === name && source) found.push(oneToMany(fk, source));
    }
  }
  return [
    ...selfCandidates(catalog.foreignKeys.filter(isSelf), parent, name, hint),
    ...found.filter((rel) => hint === undefined || matchesHint(rel, hint)),
  ];
}

function matchesHint(rel: Relationship, hint: string): boolean {
  if (rel.constraint === hint) return true;
  if (rel.junction) return rel.junction.table.name === hint;
  return rel.pairs.some((pair) => pair.parent === hint || pair.target === hint);
}

function describe(parent: Table, rel: Relationship) {
  const columns = (list: string[]) => `(${list.join(', ')})`;
  const relationship = rel.junction
    ? `${rel.junction.table.name} using ${rel.constraint}`
    : `${rel.constraint} using ${parent.name}${columns(rel.pairs.map((pair) => pair.parent))} and ${rel.target.name}${columns(rel.pairs.map((pair) => pair.target))}`;
  return { cardinality: rel.cardinality, embedding: `${parent.name} with ${rel.target.name}`, relationship };
}

/** Finds the one relationship `parent → name[!hint]` means; PGRST200 when none, PGRST201 when ambiguous. */
export function resolveRelationship(
  catalog: Catalog,
  parent: Table,
  name: string,
  hint: string | undefined,
): Relationship {
  const matching = candidates(catalog, parent, name, hint);
  if (matching.length === 1 && matching[0]) return matching[0];
  if (matching.length === 0) {
    const using = hint === undefined ? '' : `' using the hint '${hint}`;
    throw restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}${using}' in the schema 'public', but no matches were found.`,
    );
  }
  const options = matching.map((rel) => `'${name}!${rel.constraint}'`).join(', ');
  const error = restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
    null,
    `Try changing '${name}' to one of the following: ${options}. Find the desired relationship in the 'details' key.`,
  );
  (error.body as { details: unknown }).details = matching.map((rel) => describe(parent, rel));
  throw error;
}
