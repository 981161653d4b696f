// `node build/bench/profile-summary.js DIR [--top N]`: where each scenario's server time went,
// from the CPU profiles `npm run bench -- --cpu-prof DIR` wrote. The bench writes, beside each
// server's profile, when each scenario's measured run began and ended (scenarios.<pid>.json,
// on the monotonic clock of the profile's timestamps); this slices every profile by those
// windows and prints, per scenario, the self time by part (kernel I/O, SQLite, Kysely,
// Fastify, ...) and the functions with the most self time. Samples are wall-clock on the
// server's main thread: "(idle)" is time waiting (fsync, the lookup's floor, the network).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sliceProfile, type Profile, type Window } from './profile-slices.js';

function summarise(profile: Profile, window: Window, top: number): string[] {
  const { total, parts, functions } = sliceProfile(profile, window);
  if (total === 0) return [];
  const share = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const out = [``, `${window.name}: ${(total / 1e6).toFixed(1)} s of samples`];
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) out.push(`  ${share(us)}  ${part}`);
  out.push(`  functions with the most self time:`);
  for (const [fn, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) out.push(`  ${share(us)}  ${fn}`);
  return out;
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '15' } } });
  const dir = positionals[0];
  if (!dir) throw new Error('usage: node build/bench/profile-summary.js DIR [--top N]');
  const top = Number(values.top);
  const files = fs.readdirSync(dir);
  const windows: Window[] = files.filter((f) => /^scenarios\.\d+\.json$/.test(f)).flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Window[]);
  const profiles = files.filter((f) => f.endsWith('.cpuprofile'));
  if (profiles.length === 0 || windows.length === 0) throw new Error(`${dir}: no .cpuprofile with its scenarios.<pid>.json (run npm run bench -- --cpu-prof ${dir})`);
  for (const file of profiles) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    // A profile covers the scenarios run against its process (a worker's, with --workers).
    const mine = windows.filter((w) => w.startUs >= profile.startTime && w.endUs <= profile.endTime);
    const out = [`== ${file}`];
    for (const window of mine) out.push(...summarise(profile, window, top));
    process.stdout.write(`${out.join('\n')}\n\n`);
  }
}

try {
  main();
} catch (error) {
  process.stderr.write(`profile-summary: ${(error as Error).message}\n`);
  process.exit(1);
}
