import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

// The hosted site is rebuilt when Sanity's webhook fires (docs/hosting.md, decision 0068). Its filter is
// typed by hand in sanity.io/manage from the line in docs/hosting.md, so that line must name every document
// type the site's queries read: a type left out would change on the published site only at the next build.

/** The document types a GROQ text filters on (`_type == "x"` or `_type in ["x", "y"]`). */
function typesRead(groq: string): string[] {
  const equal = [...groq.matchAll(/_type\s*==\s*["']([A-Za-z.]+)["']/g)].map((match) => match[1]!);
  const listed = [...groq.matchAll(/_type\s+in\s*\[([^\]]*)\]/g)].flatMap((match) =>
    [...match[1]!.matchAll(/["']([A-Za-z.]+)["']/g)].map((name) => name[1]!),
  );
  return [...equal, ...listed];
}

describe("the Sanity webhook's filter in docs/hosting.md", () => {
  it('names exactly the document types the site reads', async () => {
    const queries = await readFile('src/lib/content/queries.ts', 'utf8');
    const hosting = await readFile('docs/hosting.md', 'utf8');
    const filter = /`_type in \[([^\]]*)\]`/.exec(hosting)?.[1];
    expect(filter, 'docs/hosting.md has no `_type in [...]` filter').toBeDefined();
    const named = [...(filter ?? '').matchAll(/"([A-Za-z.]+)"/g)].map((match) => match[1]!);
    expect([...new Set(named)].sort()).toEqual([...new Set(typesRead(queries))].sort());
  });
});
