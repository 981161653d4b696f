// What every command shares: output, arguments, stdin and the database. A command fails by
// throwing CliError; src/cli.ts prints its message as the one line on stderr and exits 1.
import type { Command } from 'commander';
import { loadConfig, type Config } from '../lib/config.js';
import { openDatabase, type Db } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import type { Outcome } from '../lib/outcome.js';
import { resolveSealer } from '../lib/secrets/key-source.js';
import type { Sealer } from '../lib/secrets/sealer.js';

export class CliError extends Error {}

export interface Output {
  json?: boolean;
}

export function print(opts: Output, value: unknown, human?: string): void {
  process.stdout.write(opts.json || human === undefined ? `${JSON.stringify(value, null, opts.json ? 0 : 2)}\n` : `${human}\n`);
}

export function positiveInt(value: string, what: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new CliError(`${what} must be a positive integer, got "${value}"`);
  return Number(value);
}

let config: Config | undefined;
export const getConfig = () => (config ??= loadConfig());

/** The one line said when the SQLite key file is created (never the key). */
export const notice = (line: string) => process.stderr.write(`lapak: ${line}\n`);

let sealer: Sealer | undefined;
/** This process's sealer of stored secrets, resolved now (migrate, serve: they stop early without a key). */
export const getSealer = () => (sealer ??= resolveSealer(getConfig(), notice));

/**
 * The sealer resolved on its first seal or open: a command that touches no secret, or is
 * refused before it does, needs no key, creates no key file and keeps its one stderr line.
 */
const lazySealer: Sealer = {
  get keyId() {
    return getSealer().keyId;
  },
  seal: (plain, binding) => getSealer().seal(plain, binding),
  open: (stored, binding) => getSealer().open(stored, binding),
  digest: (plain, purpose) => getSealer().digest(plain, purpose),
};

/** Opens the configured database (migrated to the latest schema), runs fn, closes. */
export async function withDb<T>(fn: (db: Db, config: Config, sealer: Sealer) => Promise<T>): Promise<T> {
  const cfg = getConfig();
  const handle = openDatabase(cfg.databaseUrl);
  try {
    await migrateToLatest(handle);
    return await fn(handle.db, cfg, lazySealer);
  } finally {
    await handle.close();
  }
}

/** An operation's value; any refusal becomes the command's one line on stderr and exit 1. */
export function valueOrExit<T>(outcome: Outcome<T, string>): T {
  if (!outcome.ok) throw new CliError(outcome.message);
  return outcome.value;
}

export async function readStdin(what: string): Promise<unknown> {
  if (process.stdin.isTTY) throw new CliError(`pipe ${what} on stdin`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new CliError(`stdin must hold ${what}`);
  }
}

export async function readStdinJson(): Promise<Record<string, unknown>> {
  const value = await readStdin('one JSON object');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliError('stdin must hold one JSON object');
  return value as Record<string, unknown>;
}

/** A subcommand; every command takes --json. */
export const command = (parent: Command, name: string, description: string) =>
  parent.command(name).description(description).option('--json', 'machine-readable output');
