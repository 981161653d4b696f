// lapak key issue | revoke | list
import type { Command } from 'commander';
import { issueKey } from '../api-keys/issue-key.js';
import { findKeyTenant } from '../api-keys/find-key-tenant.js';
import { listKeys } from '../api-keys/list-keys.js';
import { revokeKey } from '../api-keys/revoke-key.js';
import { systemClock } from '../lib/clock.js';
import { formatTimestamp } from '../lib/time.js';
import { CliError, command, getConfig, positiveInt, print, valueOrExit, withDb, type Output } from './io.js';

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
      const result = valueOrExit(await withDb((db) => issueKey(db, systemClock, tenantId, { name: opts.name, scopes, expiresAt })));
      const issued = { ...result, expires_at: expiresAt === null ? null : formatTimestamp(expiresAt, getConfig().timeZone) };
      print(opts, issued, `key ${issued.id} (${issued.scopes.join(' ')}), shown only once:\n${issued.key}`);
    });
  command(key, 'revoke <id>', 'revoke a key (cannot be undone)').action(async (id: string, opts: Output) => {
    const keyId = positiveInt(id, 'key id');
    // The operator names the key alone: the revocation runs in the store that owns it.
    const revoked = await withDb(async (db) => {
      const tenantId = await findKeyTenant(db, keyId);
      if (tenantId === null) throw new CliError(`no active key ${keyId}`);
      return valueOrExit(await revokeKey(db, systemClock, tenantId, keyId));
    });
    print(opts, revoked, `key ${keyId} revoked`);
  });
  command(key, 'list', "list a store's keys (markers only)")
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const keys = await withDb((db, cfg) => listKeys(db, tenantId, cfg.timeZone));
      print(opts, keys);
    });
}
