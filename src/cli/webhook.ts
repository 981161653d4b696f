// lapak webhook add | list | remove | enable | disable | deliveries | redeliver
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { addEndpoint } from '../webhooks/add-endpoint.js';
import { findDeliveryTenant } from '../webhooks/find-delivery-tenant.js';
import { findEndpointTenant } from '../webhooks/find-endpoint-tenant.js';
import { listDeliveries } from '../webhooks/list-deliveries.js';
import { listEndpoints } from '../webhooks/list-endpoints.js';
import { redeliver } from '../webhooks/redeliver.js';
import { removeEndpoint } from '../webhooks/remove-endpoint.js';
import { setEndpointEnabled } from '../webhooks/set-endpoint-enabled.js';
import { systemResolver } from '../webhooks/url-safety.js';
import { CliError, command, positiveInt, print, valueOrExit, withDb, type Output } from './io.js';

export function webhookCommands(program: Command): void {
  const webhook = program.command('webhook').description('webhook endpoints and deliveries');
  command(webhook, 'add', 'add an endpoint (the signing secret is printed once)')
    .requiredOption('--tenant <id>', 'store id')
    .requiredOption('--url <url>', 'https URL that receives the events')
    .option('--description <text>', 'what the endpoint is for')
    .action(async (opts: Output & { tenant: string; url: string; description?: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const added = valueOrExit(
        await withDb((db, cfg, sealer) =>
          addEndpoint(db, systemClock, sealer, tenantId, { url: opts.url, description: opts.description }, { allowPrivate: cfg.webhookAllowPrivate, resolver: systemResolver }),
        ),
      );
      print(opts, added, `endpoint ${added.id} added; signing secret, shown only once:\n${added.secret}`);
    });
  command(webhook, 'list', "list a store's endpoints (never their secrets)")
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      print(opts, await withDb((db, cfg) => listEndpoints(db, tenantId, cfg.timeZone)));
    });
  command(webhook, 'remove <id>', 'remove an endpoint; what is queued for it is cancelled').action(async (id: string, opts: Output) => {
    const endpointId = positiveInt(id, 'endpoint id');
    // The operator names the endpoint alone: the change runs in the store that owns it.
    const removed = await withDb(async (db) => {
      const tenantId = await findEndpointTenant(db, endpointId);
      if (tenantId === null) throw new CliError(`endpoint ${endpointId} not found`);
      return valueOrExit(await db.transaction().execute((tx) => removeEndpoint(tx, systemClock, tenantId, endpointId)));
    });
    print(opts, removed, `endpoint ${endpointId} removed`);
  });
  for (const [name, enabled] of [['enable', true], ['disable', false]] as const) {
    command(webhook, `${name} <id>`, `${name} an endpoint${enabled ? '' : '; what is queued for it is cancelled'}`).action(async (id: string, opts: Output) => {
      const endpointId = positiveInt(id, 'endpoint id');
      const changed = await withDb(async (db) => {
        const tenantId = await findEndpointTenant(db, endpointId);
        if (tenantId === null) throw new CliError(`endpoint ${endpointId} not found`);
        return valueOrExit(await db.transaction().execute((tx) => setEndpointEnabled(tx, systemClock, tenantId, endpointId, enabled)));
      });
      print(opts, changed, `endpoint ${endpointId} ${enabled ? 'enabled' : 'disabled'}`);
    });
  }
  command(webhook, 'deliveries', "a store's deliveries, newest first, with every attempt")
    .requiredOption('--tenant <id>', 'store id')
    .option('--event <id>', 'only the deliveries of this event')
    .action(async (opts: Output & { tenant: string; event?: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const eventId = opts.event === undefined ? undefined : positiveInt(opts.event, 'event id');
      print(opts, await withDb((db, cfg) => listDeliveries(db, tenantId, { eventId }, cfg.timeZone)));
    });
  command(webhook, 'redeliver <id>', 'send a delivery again now, with the same webhook-id').action(async (id: string, opts: Output) => {
    const deliveryId = positiveInt(id, 'delivery id');
    const queued = await withDb(async (db) => {
      const tenantId = await findDeliveryTenant(db, deliveryId);
      if (tenantId === null) throw new CliError(`delivery ${deliveryId} not found`);
      return valueOrExit(await redeliver(db, systemClock, tenantId, deliveryId));
    });
    print(opts, queued, `delivery ${deliveryId} queued again`);
  });
}
