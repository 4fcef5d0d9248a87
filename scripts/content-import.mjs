#!/usr/bin/env node
// Loads the sample dataset (studio/data/production.ndjson) into a hosted Sanity dataset, replacing documents
// with the same _id (createOrReplace). Usage: npm run content:import [-- --dry-run]
import './env/load.mjs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createClient } from '@sanity/client';

const DATASET_FILE = fileURLToPath(new URL('../studio/data/production.ndjson', import.meta.url));
const REQUIRED_ENV = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_TOKEN'];
const DEFAULT_API_VERSION = '2025-02-19';
const DOCUMENTS_PER_TRANSACTION = 100;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function readConfig(env) {
  const missing = REQUIRED_ENV.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    fail(
      [
        `content:import needs ${missing.join(', ')} (missing).`,
        'Set SANITY_PROJECT_ID and SANITY_DATASET to the target project and dataset, and SANITY_TOKEN to a',
        'token with write access (sanity.io/manage → API → Tokens → Editor), then run it again.',
      ].join('\n'),
    );
  }
  return {
    projectId: env.SANITY_PROJECT_ID.trim(),
    dataset: env.SANITY_DATASET.trim(),
    token: env.SANITY_TOKEN.trim(),
    apiVersion: env.SANITY_API_VERSION?.trim() || DEFAULT_API_VERSION,
  };
}

async function readDocuments() {
  const text = await readFile(DATASET_FILE, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line);
      } catch {
        return fail(`${DATASET_FILE} line ${index + 1} is not valid JSON`);
      }
    });
}

const config = readConfig(process.env);
const documents = await readDocuments();
const target = `${config.projectId}/${config.dataset}`;

if (process.argv.includes('--dry-run')) {
  console.log(`Would import ${documents.length} documents into ${target}:`);
  for (const document of documents) console.log(`  ${document._type} ${document._id}`);
  process.exit(0);
}

const client = createClient({ ...config, useCdn: false });
try {
  for (let start = 0; start < documents.length; start += DOCUMENTS_PER_TRANSACTION) {
    const transaction = client.transaction();
    for (const document of documents.slice(start, start + DOCUMENTS_PER_TRANSACTION)) {
      transaction.createOrReplace(document);
    }
    await transaction.commit({ visibility: 'async' });
  }
} catch (error) {
  fail(`Import into ${target} failed: ${error instanceof Error ? error.message : String(error)}`);
}
console.log(`Imported ${documents.length} documents into ${target}.`);
