import { describe, expect, it } from 'vitest';
import { contentSourceFromEnv, DEFAULT_API_VERSION, SAMPLE_DATASET_PATH } from './contentSource';

describe('contentSourceFromEnv', () => {
  it('uses the sample dataset when no project is configured', () => {
    expect(contentSourceFromEnv({})).toEqual({ kind: 'local', datasetPath: SAMPLE_DATASET_PATH });
    expect(contentSourceFromEnv({ SANITY_PROJECT_ID: '  ', SANITY_DATASET: 'staging' })).toEqual({
      kind: 'local',
      datasetPath: SAMPLE_DATASET_PATH,
    });
  });

  it('uses hosted Sanity with defaults for dataset and API version', () => {
    expect(contentSourceFromEnv({ SANITY_PROJECT_ID: 'abc123' })).toEqual({
      kind: 'hosted',
      projectId: 'abc123',
      dataset: 'production',
      apiVersion: DEFAULT_API_VERSION,
      token: undefined,
    });
  });

  it('passes dataset, API version and token through', () => {
    expect(
      contentSourceFromEnv({
        SANITY_PROJECT_ID: 'abc123',
        SANITY_DATASET: 'staging',
        SANITY_API_VERSION: '2026-01-01',
        SANITY_TOKEN: 'secret',
      }),
    ).toEqual({
      kind: 'hosted',
      projectId: 'abc123',
      dataset: 'staging',
      apiVersion: '2026-01-01',
      token: 'secret',
    });
  });
});
