// lapak user create | reset-password: dashboard users for operators (no mail server: the
// command prints a single-use link that sets the password).
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { isRole } from '../lib/permissions.js';
import { createMemberUser, resetLinkByEmail } from '../team/create-member-user.js';
import { resetUrl } from '../team/links.js';
import { CliError, command, positiveInt, print, valueOrExit, withDb, type Output } from './io.js';

const iso = (ms: number) => new Date(ms).toISOString();

export function userCommands(program: Command): void {
  const user = program.command('user').description('dashboard users');
  command(user, 'create', 'create a user in a store; prints a single-use 24-hour link that sets the password')
    .requiredOption('--email <email>', 'email (trimmed, lower-cased)')
    .requiredOption('--name <name>', 'name')
    .requiredOption('--tenant <id>', 'store id')
    .requiredOption('--role <role>', 'owner, admin or cs')
    .option('--integrations', 'an admin may manage API keys and webhooks')
    .action(async (opts: Output & { email: string; name: string; tenant: string; role: string; integrations?: boolean }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const role = opts.role;
      if (!isRole(role)) throw new CliError(`role must be owner, admin or cs, got "${role}"`);
      const created = await withDb((db, cfg) =>
        db.transaction().execute(async (tx) => {
          const value = valueOrExit(await createMemberUser(tx, systemClock, tenantId, { email: opts.email, name: opts.name, role, integrations: opts.integrations === true }));
          return { user_id: value.userId, link: resetUrl(cfg.publicUrl, value.token), expires_at: iso(value.expiresAt) };
        }),
      );
      print(opts, created, `user ${created.user_id} created. Set-password link (single use, until ${created.expires_at}):\n${created.link}`);
    });
  command(user, 'reset-password', 'print a single-use 24-hour link that sets a new password')
    .requiredOption('--email <email>', 'the user\'s email')
    .action(async (opts: Output & { email: string }) => {
      const link = await withDb((db, cfg) =>
        db.transaction().execute(async (tx) => {
          const value = valueOrExit(await resetLinkByEmail(tx, systemClock, opts.email));
          return { user_id: value.userId, link: resetUrl(cfg.publicUrl, value.token), expires_at: iso(value.expiresAt) };
        }),
      );
      print(opts, link, `Password-reset link for user ${link.user_id} (single use, until ${link.expires_at}):\n${link.link}`);
    });
}
