#!/usr/bin/env node
// Loads the sample dataset (studio/data/production.ndjson) into a hosted Sanity dataset: first uploads its
// pictures (the files its `sanity.imageAsset` documents name), then writes every other document, replacing
// those with the same _id (createOrReplace). Usage: npm run content:import [-- --dry-run]
//
// Sanity names an uploaded image `image-<sha1 of the file>-<w>x<h>-<ext>`, the id the sample dataset already
// gives it, so the documents' references hold; an upload that comes back under another id stops the import
// before any document is written. (`--api-host=http://…` points the client elsewhere, for the tests.)
import './env/load.mjs';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@sanity/client';

const DATASET_FILE = fileURLToPath(new URL('../studio/data/production.ndjson', import.meta.url));
const REQUIRED_ENV = ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_TOKEN'];
const DEFAULT_API_VERSION = '2025-02-19';
const DOCUMENTS_PER_TRANSACTION = 100;
const ASSET_TYPE = 'sanity.imageAsset';

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

/** Each picture's file, checked against its asset document (the test in studio/data checks this too). */
async function readPictures(assets) {
  return Promise.all(
    assets.map(async (asset) => {
      const file = join(dirname(DATASET_FILE), asset.path);
      const bytes = await readFile(file).catch(() => fail(`${asset._id}: no file at ${file}`));
      const sha1 = createHash('sha1').update(bytes).digest('hex');
      if (!asset._id.startsWith(`image-${sha1}-`)) {
        fail(
          `${file} does not match ${asset._id} (sha1 ${sha1}); run studio/data/images/make-sample-images.mjs`,
        );
      }
      return { asset, bytes };
    }),
  );
}

const config = readConfig(process.env);
const all = await readDocuments();
const pictures = await readPictures(all.filter((document) => document._type === ASSET_TYPE));
const documents = all.filter((document) => document._type !== ASSET_TYPE);
const target = `${config.projectId}/${config.dataset}`;

if (process.argv.includes('--dry-run')) {
  console.log(`Would upload ${pictures.length} images into ${target}:`);
  for (const { asset, bytes } of pictures) {
    console.log(`  ${asset.originalFilename} (${Math.round(bytes.length / 1024)} KB) as ${asset._id}`);
  }
  console.log(`Would import ${documents.length} documents into ${target}:`);
  for (const document of documents) console.log(`  ${document._type} ${document._id}`);
  process.exit(0);
}

const apiHost = process.argv.find((arg) => arg.startsWith('--api-host='))?.slice('--api-host='.length);
const client = createClient({
  ...config,
  useCdn: false,
  ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
});
try {
  for (const { asset, bytes } of pictures) {
    const uploaded = await client.assets.upload('image', bytes, {
      filename: asset.originalFilename,
      contentType: asset.mimeType,
    });
    if (uploaded._id !== asset._id) {
      fail(
        `${asset.originalFilename} was stored as ${uploaded._id}, not ${asset._id}; no document was written`,
      );
    }
  }
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
console.log(`Uploaded ${pictures.length} images and imported ${documents.length} documents into ${target}.`);
