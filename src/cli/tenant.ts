// lapak tenant create | activate | deactivate
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { createTenant } from '../tenants/create-tenant.js';
import { setTenantActive } from '../tenants/set-tenant-active.js';
import { CliError, command, positiveInt, print, valueOrExit, withDb, type Output } from './io.js';

export function tenantCommands(program: Command): void {
  const tenant = program.command('tenant').description('stores');
  command(tenant, 'create', 'create a store')
    .requiredOption('--name <name>', 'store name')
    .option('--shipping-integration <name>', 'fulfilment integration: orders need complete data to close')
    .action(async (opts: Output & { name: string; shippingIntegration?: string }) => {
      const result = await withDb((db) => createTenant(db, systemClock, { name: opts.name, shippingIntegration: opts.shippingIntegration }));
      // The same line as when this refusal was thrown (the prefix of unexpected failures):
      // the operator contract keeps its texts.
      if (!result.ok) throw new CliError(`failed: ${result.message}`);
      print(opts, result.value, `tenant ${result.value.id} created`);
    });
  for (const [name, active] of [['activate', true], ['deactivate', false]] as const) {
    command(tenant, `${name} <id>`, `${name} a store (effective on the next request)`).action(async (id: string, opts: Output) => {
      const tenantId = positiveInt(id, 'tenant id');
      const changed = valueOrExit(await withDb((db) => setTenantActive(db, tenantId, active)));
      print(opts, changed, `tenant ${tenantId} ${active ? 'active' : 'inactive'}`);
    });
  }
}
