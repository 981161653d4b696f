// lapak store settings | set-rates | show: what the order form and payments need.
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import { storeRates } from '../shipping/rates.js';
import { setRates } from '../shipping/set-rates.js';
import { loadStoreSettings, maskedSettings } from '../tenants/store-settings.js';
import { updateStoreSettings } from '../tenants/update-store-settings.js';
import { CliError, command, positiveInt, print, readStdin, readStdinJson, valueOrExit, withDb, type Output } from './io.js';

export function storeCommands(program: Command): void {
  const store = program.command('store').description('store settings of the order form and payments');
  command(store, 'settings', 'set store settings from a JSON object on stdin (fields present are set, null clears one)')
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const input = await readStdinJson();
      print(opts, valueOrExit(await withDb((db, _cfg, sealer) => db.transaction().execute((tx) => updateStoreSettings(tx, systemClock, sealer, tenantId, input)))));
    });
  command(store, 'set-rates', 'replace the shipping rates with a JSON list [{courier, province, fee}] on stdin (province "*": any other)')
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const input = await readStdin('a JSON list of {courier, province, fee}');
      const set = valueOrExit(await withDb((db) => db.transaction().execute((tx) => setRates(tx, tenantId, input))));
      print(opts, set, `${set.rates} rates set`);
    });
  command(store, 'show', "a store's settings (secrets only as \"set\") and shipping rates")
    .requiredOption('--tenant <id>', 'store id')
    .action(async (opts: Output & { tenant: string }) => {
      const tenantId = positiveInt(opts.tenant, 'tenant id');
      const shown = await withDb(async (db) => {
        const settings = await loadStoreSettings(db, tenantId);
        if (!settings) throw new CliError(`tenant ${tenantId} not found`);
        return { ...maskedSettings(settings), rates: await storeRates(db).table(tenantId) };
      });
      print(opts, shown);
    });
}
