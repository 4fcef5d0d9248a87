import { defineCliConfig } from 'sanity/cli';
import { dataset, projectId } from './env';

export default defineCliConfig({
  api: { projectId, dataset },
  // Required fields become non-optional in the generated types.
  schemaExtraction: { enforceRequiredFields: true },
  typegen: {
    path: '../src/lib/content/queries.ts',
    schema: './schema.json',
    generates: '../src/lib/content/sanity.types.ts',
    overloadClientMethods: false,
  },
});
