#!/usr/bin/env node
// Draws the sample pictures (scenes.mjs) as SVG, rasterises them with sharp into the JPEGs beside this file,
// and writes their `sanity.imageAsset` documents into the sample dataset. Run by hand after changing a
// scene, never at build time: `node studio/data/images/make-sample-images.mjs [name.jpg ...]`.
//
// An asset's `_id` is what Sanity gives an uploaded file, `image-<sha1 of the bytes>-<w>x<h>-jpg`, so the
// references in the dataset stay valid when `npm run content:import` uploads the same files. A scene whose
// file changes gets a new id; every reference to the old one is rewritten.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { random } from './scene-parts.mjs';
import { scenes } from './scenes.mjs';

const IMAGES_DIR = fileURLToPath(new URL('.', import.meta.url));
const DATASET_FILE = fileURLToPath(new URL('../production.ndjson', import.meta.url));
// Quality 74 with mozjpeg keeps each picture near 100-200 KB at 1800×1200; the site serves smaller copies.
const JPEG = { quality: 74, mozjpeg: true, chromaSubsampling: '4:2:0' };

/** Seeded grain (mid-grey ± a few levels), so that running the script twice writes the same bytes. */
function grainPixels(width, height) {
  const rand = random(2026);
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = 128 + Math.round((rand() + rand() + rand() - 1.5) * 12);
  return pixels;
}

async function render(name) {
  const svg = Buffer.from(scenes[name]());
  // A little grain stops the dark gradients from banding once the site re-encodes them.
  const image = sharp(svg, { density: 72 }).removeAlpha();
  const { width, height } = await image.metadata();
  const grain = await sharp(grainPixels(width, height), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  const bytes = await image
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg(JPEG)
    .toBuffer();
  await writeFile(`${IMAGES_DIR}${name}`, bytes);
  const sha1 = createHash('sha1').update(bytes).digest('hex');
  return {
    _id: `image-${sha1}-${width}x${height}-jpg`,
    _type: 'sanity.imageAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension: 'jpg',
    mimeType: 'image/jpeg',
    originalFilename: name,
    // Where the file is, relative to the dataset file (as in a Sanity export); the site's build reads it.
    path: `images/${name}`,
    url: `images/${name}`,
    size: bytes.length,
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
      hasAlpha: false,
      isOpaque: true,
    },
  };
}

/** Replaces the asset documents in the dataset (same file name) and rewrites references to old ids. */
async function updateDataset(assets) {
  const lines = (await readFile(DATASET_FILE, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  const documents = lines.map((line) => JSON.parse(line));
  const renamed = new Map();
  for (const asset of assets) {
    const old = documents.find(
      (document) =>
        document._type === 'sanity.imageAsset' && document.originalFilename === asset.originalFilename,
    );
    if (old === undefined) documents.push(asset);
    else {
      renamed.set(old._id, asset._id);
      documents[documents.indexOf(old)] = asset;
    }
  }
  const text = documents
    .map((document) =>
      JSON.stringify(document, (key, value) => (key === '_ref' && renamed.get(value)) || value),
    )
    .join('\n');
  await writeFile(DATASET_FILE, `${text}\n`);
}

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(scenes);
const unknown = names.filter((name) => !(name in scenes));
if (unknown.length > 0) throw new Error(`No scene named ${unknown.join(', ')}`);
const assets = [];
for (const name of names) {
  const asset = await render(name);
  assets.push(asset);
  console.log(`${name}: ${(asset.size / 1024).toFixed(0)} KB, ${asset._id}`);
}
await updateDataset(assets);
