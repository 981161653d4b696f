// lapak key issue | revoke | list
import type { Command } from 'commander';
import { issueKey } from '../api-keys/issue-key.js';
import { listKeys } from '../api-keys/list-keys.js';
import { revokeKey } from '../api-keys/revoke-key.js';
import { systemClock } from '../lib/clock.js';
import { formatTimestamp } from '../lib/time.js';
import { CliError, command, getConfig, positiveInt, print, withDb, type Output } from './io.js';

export function keyCommands(program: Command): void {
  const key = program.command('key').description('API keys');
  command(key, 'issue', 'issue an API key (the value is printed once)')
    .requiredOption('--tenant <id>', 'store id')
    .requiredOption('--name <name>', 'connector name, unique among the store\'s active keys')
    .option('--scopes <list>', 'comma-separated scopes', 'products:read')
    .option('--expires <iso>', 'expiry time, ISO 8601 (past dates allowed)')
    .action(async (opts: Output & { tenant: string; name: string; scopes: string; expires?: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      let expiresAt: number | null = null;
      if (opts.expires !== undefined) {
        expiresAt = Date.parse(opts.expires);
        if (Number.isNaN(expiresAt)) throw new CliError(`--expires must be an ISO 8601 time, got "${opts.expires}"`);
      }
      const scopes = opts.scopes.split(',').map((s) => s.trim()).filter(Boolean);
      const result = await withDb((db) => issueKey(db, systemClock, { tenantId, name: opts.name, scopes, expiresAt }));
      if (!result.ok) throw new CliError(result.detail);
      const issued = { ...result.value, expires_at: expiresAt === null ? null : formatTimestamp(expiresAt, getConfig().timeZone) };
      print(opts, issued, `key ${issued.id} (${issued.scopes.join(' ')}), shown only once:\n${issued.key}`);
    });
  command(key, 'revoke <id>', 'revoke a key (cannot be undone)').action(async (id: string, opts: Output) => {
    const keyId = positiveInt(id, 'key id');
    const done = await withDb((db) => revokeKey(db, systemClock, keyId));
    if (!done) throw new CliError(`no active key ${keyId}`);
    print(opts, { id: keyId, revoked: true }, `key ${keyId} revoked`);
  });
  command(key, 'list', "list a store's keys (markers only)")
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const keys = await withDb((db, cfg) => listKeys(db, tenantId, cfg.timeZone));
      print(opts, keys);
    });
}
