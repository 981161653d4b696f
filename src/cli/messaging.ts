// lapak messaging run-due: the messaging automation's planner and sender once (issue 41 §2).
import type { Command } from 'commander';
import { openDatabase } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { resolveSealer } from '../lib/secrets/key-source.js';
import { runDue } from '../messaging/run-due.js';
import { CliError, command, getConfig, positiveInt, print, type Output } from './io.js';

/** Later than this past the clock is "later than now" (the command's own start takes a moment). */
const EARLY_SLACK_MS = 1_000;

export function messagingCommands(program: Command): void {
  const messaging = program.command('messaging').description('automated messages to buyers');
  command(messaging, 'run-due', 'plan from the change feed and send the messages due now (or at --at) once')
    .option('--at <iso>', 'as of this moment (ISO 8601; default now); later than now needs --force')
    .option('--tenant <id>', 'only this store\'s messages')
    .option('--force', 'allow --at later than now: real messages would go early')
    .action(async (opts: Output & { at?: string; tenant?: string; force?: boolean }) => {
      const now = Date.now();
      const at = opts.at === undefined ? now : Date.parse(opts.at);
      if (opts.at !== undefined && (!/^\d{4}-\d{2}-\d{2}T/.test(opts.at) || Number.isNaN(at))) throw new CliError(`--at must be an ISO 8601 time such as 2026-12-06T09:00:00Z, got "${opts.at}"`);
      if (at > now + EARLY_SLACK_MS && !opts.force) throw new CliError('--at is later than now: messages due by then would be sent early; add --force to do so');
      const tenantId = opts.tenant === undefined ? null : positiveInt(opts.tenant, 'tenant id');
      const cfg = getConfig();
      const handle = openDatabase(cfg.databaseUrl);
      try {
        await migrateToLatest(handle);
        const sealer = resolveSealer(cfg, (line) => process.stderr.write(`${line}\n`));
        const result = await runDue(handle, at, { tenantId, serverTimeZone: cfg.timeZone, sealer, config: cfg });
        print(
          opts,
          result,
          `as of ${result.at}: ${result.planned} planned, ${result.sent} sent, ${result.skipped} skipped, ${result.cancelled} cancelled, ${result.expired} expired, ${result.failed} failed, ${result.waiting} waiting`,
        );
      } finally {
        await handle.close();
      }
    });
}
