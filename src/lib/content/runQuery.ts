import { contentSourceFromEnv, readEnv, type ContentSource } from './contentSource';
import { queryHostedDataset } from './hostedDataset';
import { queryLocalDataset, type QueryParams } from './localDataset';

/** Runs one of the queries in queries.ts against the configured source. */
export function runQuery<Result>(
  query: string,
  params: QueryParams = {},
  source: ContentSource = contentSourceFromEnv(readEnv()),
): Promise<Result> {
  return source.kind === 'hosted'
    ? queryHostedDataset<Result>(source, query, params)
    : queryLocalDataset<Result>(source.datasetPath, query, params);
}
