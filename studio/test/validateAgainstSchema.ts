import './ignoreCssImports';
import { evaluate, parse } from 'groq-js';
import type { SanityClient, SanityDocument, Workspace } from 'sanity';
import { schemaTypes } from '../schemaTypes';
import type { SampleDocument } from './sampleDataset';

const { createSchema, validateDocument } = await import('sanity');

const schema = createSchema({ name: 'default', types: schemaTypes });

/**
 * A client whose queries run with groq-js over the given documents: the Studio's own checks that query the
 * dataset (slug uniqueness) then see exactly the documents under test.
 */
function datasetClient(documents: readonly SampleDocument[]): SanityClient {
  const client = {
    withConfig: () => client,
    fetch: async (query: string, params: Record<string, unknown> = {}) => {
      const result = await evaluate(parse(query, { params }), { dataset: documents, params });
      return result.get();
    },
  };
  return client as unknown as SanityClient;
}

export type SchemaProblem = { documentId: string; path: string; message: string; level: 'error' | 'warning' };

/**
 * Runs the Studio's validation (every field's rules, custom ones included) on each document, as
 * `sanity documents validate` does. That mode also reports fields the schema does not know, but as a
 * warning that downgrades every other check on the same object to a warning too, so warnings count as
 * problems here.
 */
export async function validateAgainstSchema(documents: readonly SampleDocument[]): Promise<SchemaProblem[]> {
  const client = datasetClient(documents);
  const ids = new Set(documents.map((document) => document._id));
  const problems: SchemaProblem[] = [];
  for (const document of documents) {
    if (schema.get(document._type) === undefined) {
      problems.push({
        documentId: document._id,
        path: '_type',
        message: `Unknown type "${document._type}"`,
        level: 'error',
      });
      continue;
    }
    const markers = await validateDocument({
      document: document as unknown as SanityDocument,
      workspace: { schema } as unknown as Workspace,
      getClient: () => client,
      getDocumentExists: async ({ id }) => ids.has(id),
      environment: 'cli',
    });
    for (const marker of markers) {
      if (marker.level === 'info') continue;
      problems.push({
        level: marker.level,
        documentId: document._id,
        path: marker.path
          .map((segment) => (typeof segment === 'object' ? JSON.stringify(segment) : segment))
          .join('.'),
        message: marker.message,
      });
    }
  }
  return problems;
}
