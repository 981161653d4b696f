// The browser files: src/form/form.js, src/form/form.css (form and thank-you pages) and
// src/embed/embed.js (the snippet's script). Read once at start from the source tree (the
// same path from src/form/ and dist/form/), served with a content hash in the URL, gzipped
// when the browser accepts it. No build step, no framework: the JS + CSS budget (30 KB
// gzipped, assets.test.ts) is measured on exactly these bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';

export interface Asset {
  body: Buffer;
  gzip: Buffer;
  type: string;
  hash: string;
}

const FILES = {
  'form.js': { path: '../../src/form/form.js', type: 'text/javascript; charset=utf-8' },
  'form.css': { path: '../../src/form/form.css', type: 'text/css; charset=utf-8' },
  'embed.js': { path: '../../src/embed/embed.js', type: 'text/javascript; charset=utf-8' },
} as const;

export type AssetName = keyof typeof FILES;

function load(name: AssetName): Asset {
  const body = fs.readFileSync(new URL(FILES[name].path, import.meta.url));
  return { body, gzip: gzipSync(body, { level: 9 }), type: FILES[name].type, hash: createHash('sha256').update(body).digest('hex').slice(0, 10) };
}

export const ASSETS: Record<AssetName, Asset> = {
  'form.js': load('form.js'),
  'form.css': load('form.css'),
  'embed.js': load('embed.js'),
};

/** The versioned URL path of a form asset. */
export const assetPath = (name: 'form.js' | 'form.css'): string => `/assets/${name}?v=${ASSETS[name].hash}`;
