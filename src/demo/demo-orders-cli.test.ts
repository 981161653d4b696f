// `lapak demo orders` run as operators run it (`node dist/cli.js`; npm test builds first).
import { afterAll, describe, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';
import { openDatabase } from '../lib/db/db.js';

const cli = cliHarness('lapak-demo-orders-');
afterAll(() => cli.cleanup());

describe('lapak demo orders', { timeout: 60_000 }, () => {
  it('fills a store and prints {tenant_id, orders, seconds} with --json, the same orders for the same seed', async () => {
    for (const file of ['one.db', 'two.db']) {
      expect(cli.lapak(file, ['tenant', 'create', '--name', 'Toko', '--json']).json()).toEqual({ id: 1 });
      const run = cli.lapak(file, ['demo', 'orders', '--tenant', '1', '--count', '250', '--days', '30', '--seed', '42', '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.json()).toEqual({ tenant_id: 1, orders: 250, seconds: expect.any(Number) });
    }
    // Times follow the clock of each run; the rest is the seed's.
    const rows = async (file: string) => {
      const handle = openDatabase(`sqlite:${cli.env(file).DATABASE_URL!.slice('sqlite:'.length)}`);
      try {
        const orders = await handle.db.selectFrom('orders').select(['status', 'customer_name', 'customer_phone', 'product_name', 'variant', 'total', 'courier', 'source']).orderBy('id').execute();
        return orders;
      } finally {
        await handle.close();
      }
    };
    const one = await rows('one.db');
    expect(one).toHaveLength(250);
    expect(new Set(one.map((o) => o.source))).toEqual(new Set(['form']));
    const two = await rows('two.db');
    expect(two.map(({ status: _s, ...o }) => o)).toEqual(one.map(({ status: _s, ...o }) => o));

    const human = cli.lapak('one.db', ['demo', 'orders', '--tenant', '1', '--count', '10']);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^10 demo orders written to store 1 in [\d.]+ s\n$/);
  });

  it('refuses a store that does not exist and bad numbers with one line on stderr and exit 1', () => {
    cli.lapak('bad.db', ['tenant', 'create', '--name', 'Toko']);
    for (const args of [
      ['--tenant', '99', '--count', '10'],
      ['--tenant', 'x', '--count', '10'],
      ['--tenant', '1', '--count', '0'],
      ['--tenant', '1', '--count', '10', '--seed', 'abc'],
      ['--tenant', '1'],
    ]) {
      const r = cli.lapak('bad.db', ['demo', 'orders', ...args, '--json']);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout, args.join(' ')).toBe('');
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(cli.lapak('bad.db', ['demo', 'orders', '--tenant', '99', '--count', '10']).stderr).toBe('lapak: tenant 99 not found\n');
  });
});
