import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { evaluate, parse } from 'groq-js';

export type QueryParams = Record<string, unknown>;
type Document = { _id: string; _type: string };

const datasets = new Map<string, Promise<Document[]>>();

/** Parses Sanity's export format; drafts are left out, as the hosted `published` perspective does. */
export function parseNdjson(text: string, sourceName: string): Document[] {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let document: Document;
    try {
      document = JSON.parse(line) as Document;
    } catch (error) {
      throw new Error(`Content error: ${sourceName} line ${index + 1} is not valid JSON`, { cause: error });
    }
    return document._id.startsWith('drafts.') ? [] : [document];
  });
}

/** Read once per path (relative to the working directory, the repository root in every npm script). */
function loadDataset(datasetPath: string): Promise<Document[]> {
  const absolutePath = resolve(process.cwd(), datasetPath);
  let dataset = datasets.get(absolutePath);
  if (dataset === undefined) {
    dataset = readFile(absolutePath, 'utf8').then((text) => parseNdjson(text, datasetPath));
    datasets.set(absolutePath, dataset);
  }
  return dataset;
}

export async function queryLocalDataset<Result>(
  datasetPath: string,
  query: string,
  params: QueryParams = {},
): Promise<Result> {
  const dataset = await loadDataset(datasetPath);
  const result = await evaluate(parse(query, { params }), { dataset, params });
  return (await result.get()) as Result;
}
