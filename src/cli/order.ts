// lapak order create | set-status | history: orders as the seller works them.
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { createOrder } from '../orders/core/create-order.js';
import { findOrderTenant } from '../orders/core/find-order-tenant.js';
import { orderHistory } from '../orders/core/order-history.js';
import { setStatusBySeller } from '../orders/core/set-status-by-seller.js';
import { CliError, command, positiveInt, print, readStdinJson, valueOrExit, withDb, type Output } from './io.js';

export function orderCommands(program: Command): void {
  const order = program.command('order').description('orders');
  command(order, 'create', 'create an order from JSON on stdin (total computed from the product)')
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const input = await readStdinJson();
      print(opts, valueOrExit(await withDb((db) => db.transaction().execute((tx) => createOrder(tx, systemClock, tenantId, input, { source: 'cli', actor: 'cli' })))));
    });
  command(order, 'set-status <id> <status>', "change an order's status as the seller (any of the seven)").action(
    async (id: string, status: string, opts: Output) => {
      const orderId = positiveInt(id, 'order id');
      // The operator names the order alone: the change runs in the store that owns it.
      const result = await withDb(async (db, cfg) => {
        const tenantId = await findOrderTenant(db, orderId);
        if (tenantId === null) throw new CliError(`order ${orderId} not found`);
        return db.transaction().execute((tx) => setStatusBySeller(tx, { clock: systemClock, config: cfg }, tenantId, orderId, status, { source: 'cli', actor: 'cli' }));
      });
      print(opts, valueOrExit(result));
    },
  );
  command(order, 'history <id>', "an order's edit history").action(async (id: string, opts: Output) => {
    const orderId = positiveInt(id, 'order id');
    const entries = await withDb(async (db, cfg) => {
      const tenantId = await findOrderTenant(db, orderId);
      if (tenantId === null) throw new CliError(`order ${orderId} not found`);
      return orderHistory(db, tenantId, orderId, cfg.timeZone);
    });
    print(opts, entries);
  });
}
