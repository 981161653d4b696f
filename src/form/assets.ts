// The browser files: src/form/form.js, src/form/form.css (form and thank-you pages) and
// src/embed/embed.js (the snippet's script). Read once at start from the source tree (found
// above this module, whether it runs from src/, dist/ or build/), served with a content hash in the URL, gzipped
// when the browser accepts it. No build step, no framework: the JS + CSS budget (30 KB
// gzipped, assets.test.ts) is measured on exactly these bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface Asset {
  body: Buffer;
  gzip: Buffer;
  type: string;
  hash: string;
}

const FILES = {
  'form.js': { path: 'src/form/form.js', type: 'text/javascript; charset=utf-8' },
  'form.css': { path: 'src/form/form.css', type: 'text/css; charset=utf-8' },
  'embed.js': { path: 'src/embed/embed.js', type: 'text/javascript; charset=utf-8' },
} as const;

export type AssetName = keyof typeof FILES;

/** The project's root: the nearest directory above this module with a package.json. */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('no package.json above src/form/assets: the browser files cannot be found');
    dir = up;
  }
  return dir;
}

const ROOT = projectRoot();

function load(name: AssetName): Asset {
  const body = fs.readFileSync(path.join(ROOT, FILES[name].path));
  return { body, gzip: gzipSync(body, { level: 9 }), type: FILES[name].type, hash: createHash('sha256').update(body).digest('hex').slice(0, 10) };
}

export const ASSETS: Record<AssetName, Asset> = {
  'form.js': load('form.js'),
  'form.css': load('form.css'),
  'embed.js': load('embed.js'),
};

/** The versioned URL path of a form asset. */
export const assetPath = (name: 'form.js' | 'form.css'): string => `/assets/${name}?v=${ASSETS[name].hash}`;
