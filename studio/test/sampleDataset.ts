import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type SampleDocument = { _id: string; _type: string; [field: string]: unknown };

export const SAMPLE_DATASET_PATH = fileURLToPath(new URL('../data/production.ndjson', import.meta.url));

/** The sample dataset as Sanity's export writes it: one JSON document per line. */
export function readSampleDataset(): SampleDocument[] {
  return readFileSync(SAMPLE_DATASET_PATH, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SampleDocument);
}
