// Which dataset the site reads: hosted Sanity when a project is configured, else the sample NDJSON.
export const DEFAULT_API_VERSION = '2025-02-19';
export const SAMPLE_DATASET_PATH = 'studio/data/production.ndjson';

export type ContentSource =
  | { kind: 'hosted'; projectId: string; dataset: string; apiVersion: string; token: string | undefined }
  | { kind: 'local'; datasetPath: string };

type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value;

export function contentSourceFromEnv(env: Env): ContentSource {
  const projectId = nonEmpty(env['SANITY_PROJECT_ID']);
  if (projectId === undefined) return { kind: 'local', datasetPath: SAMPLE_DATASET_PATH };
  return {
    kind: 'hosted',
    projectId,
    dataset: nonEmpty(env['SANITY_DATASET']) ?? 'production',
    apiVersion: nonEmpty(env['SANITY_API_VERSION']) ?? DEFAULT_API_VERSION,
    token: nonEmpty(env['SANITY_TOKEN']),
  };
}

/**
 * Variables from the process, which every entry point (astro.config.mjs for the site) fills from `.env`
 * first (scripts/env/, decision 0060), and `import.meta.env`, which inside Astro/Vite holds the same values.
 * Process variables win, as they do in Vite.
 */
export function readEnv(): Env {
  const viteEnv = (import.meta as { env?: Env }).env ?? {};
  return { ...viteEnv, ...process.env };
}
