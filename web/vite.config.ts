// Builds the dashboard's web application into dist/web/ (served at /dashboard/ by
// src/dashboard/web-app.ts). Every asset name carries its content hash; each script and
// stylesheet is also written gzip- and brotli-compressed beside itself, for phones.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { tailwind } from './tailwind-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = path.join(root, '../dist/web');

function compressAssets(): Plugin {
  return {
    name: 'lapak-compress-assets',
    apply: 'build',
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const bytes = fs.readFileSync(path.join(assets, name));
        fs.writeFileSync(path.join(assets, `${name}.gz`), zlib.gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(path.join(assets, `${name}.br`), zlib.brotliCompressSync(bytes));
      }
    },
  };
}

export default defineConfig({
  root,
  base: '/dashboard/',
  plugins: [react(), tailwind({ entry: path.join(root, 'src/styles.css'), sources: path.join(root, 'src') }), compressAssets()],
  build: { outDir, emptyOutDir: true, assetsDir: 'assets', sourcemap: false, reportCompressedSize: false },
  server: { proxy: { '/dashboard/api': 'http://127.0.0.1:3000' } },
});
