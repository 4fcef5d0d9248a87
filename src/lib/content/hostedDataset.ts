import { createClient, type SanityClient } from '@sanity/client';
import type { ContentSource } from './contentSource';
import type { QueryParams } from './localDataset';

type HostedSource = Extract<ContentSource, { kind: 'hosted' }>;

const clients = new Map<string, SanityClient>();

function clientFor(source: HostedSource): SanityClient {
  const cacheKey = JSON.stringify(source);
  let client = clients.get(cacheKey);
  if (client === undefined) {
    // No CDN: the site is built rarely and must see what was just published.
    client = createClient({
      projectId: source.projectId,
      dataset: source.dataset,
      apiVersion: source.apiVersion,
      useCdn: false,
      perspective: 'published',
      ...(source.token === undefined ? {} : { token: source.token }),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

export function queryHostedDataset<Result>(
  source: HostedSource,
  query: string,
  params: QueryParams = {},
): Promise<Result> {
  return clientFor(source).fetch<Result>(query, params);
}
