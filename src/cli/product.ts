// lapak product create
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { createProduct } from '../products/create-product.js';
import { embedRecord } from '../products/product-record.js';
import { CliError, command, getConfig, positiveInt, print, readStdinJson, withDb, type Output } from './io.js';

export function productCommands(program: Command): void {
  const product = program.command('product').description('products');
  command(product, 'create', 'create a product from JSON on stdin')
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const input = await readStdinJson();
      const result = await withDb((db) => createProduct(db, systemClock, tenantId, input));
      if (!result.ok) throw new CliError(result.failure.error);
      const { success: _success, ...record } = embedRecord(result.value, getConfig().publicUrl);
      print(opts, { ...record, variant_compare_prices: result.value.variant_compare_prices });
    });
}
