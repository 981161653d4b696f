// Tailwind CSS 4 for the build, through the `tailwindcss` package's own compiler (plain
// JavaScript). @tailwindcss/vite needs @tailwindcss/oxide, a native scanner whose platform
// packages for other systems this machine's npm registry does not have, so their absence from
// package-lock.json made `npm ci` refuse to install. The scan here is the simple one Tailwind
// documents: every token of every source file is a candidate class; the compiler keeps only
// the ones that are classes.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { compile } from 'tailwindcss';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const SOURCE = /\.(tsx?|html)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return SOURCE.test(entry.name) ? [file] : [];
  });
}

/** Every token of the sources that could be a class name (split at spaces, quotes and braces). */
export function candidates(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const token of text.split(/[\s"'`{}()<>;,=]+/)) if (token) found.add(token);
  return [...found];
}

async function loadStylesheet(request: string, base: string) {
  const file = request === 'tailwindcss' ? require.resolve('tailwindcss/index.css') : path.resolve(base, request);
  return { path: file, base: path.dirname(file), content: fs.readFileSync(file, 'utf8') };
}

/** Compiles the stylesheet named `entry` (web/src/styles.css) with the classes the files under `sources` use. */
export function tailwind(options: { entry: string; sources: string }): Plugin {
  return {
    name: 'lapak-tailwind',
    enforce: 'pre',
    async transform(code, id) {
      if (path.resolve(id.split('?')[0]!) !== options.entry) return null;
      const files = sourceFiles(options.sources);
      for (const file of files) this.addWatchFile(file);
      const compiler = await compile(code, { base: path.dirname(options.entry), loadStylesheet });
      return { code: compiler.build(candidates(files.map((file) => fs.readFileSync(file, 'utf8')))), map: null };
    },
  };
}
