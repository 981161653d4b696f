// lapak tenant create | activate | deactivate
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { createTenant } from '../tenants/create-tenant.js';
import { setTenantActive } from '../tenants/set-tenant-active.js';
import { CliError, command, positiveInt, print, withDb, type Output } from './io.js';

export function tenantCommands(program: Command): void {
  const tenant = program.command('tenant').description('stores');
  command(tenant, 'create', 'create a store')
    .requiredOption('--name <name>', 'store name')
    .option('--shipping-integration <name>', 'fulfilment integration: orders need complete data to close')
    .action(async (opts: Output & { name: string; shippingIntegration?: string }) => {
      const created = await withDb((db) => createTenant(db, systemClock, { name: opts.name, shippingIntegration: opts.shippingIntegration }));
      print(opts, created, `tenant ${created.id} created`);
    });
  for (const [name, active] of [['activate', true], ['deactivate', false]] as const) {
    command(tenant, `${name} <id>`, `${name} a store (effective on the next request)`).action(async (id: string, opts: Output) => {
      const tenantId = positiveInt(id, 'tenant id');
      const found = await withDb((db) => setTenantActive(db, tenantId, active));
      if (!found) throw new CliError(`tenant ${tenantId} not found`);
      print(opts, { id: tenantId, active }, `tenant ${tenantId} ${active ? 'active' : 'inactive'}`);
    });
  }
}
