// `lapak store settings | set-rates | show`, run as operators run them, and the demo store's
// order form after `lapak start`.
import { afterAll, describe, expect, it } from 'vitest';
import { cliHarness } from '../../test/cli-process.js';

const cli = cliHarness('lapak-store-cli-');
afterAll(() => cli.cleanup());

describe('lapak store', { timeout: 60_000 }, () => {
  it('sets settings and rates, and shows them with secrets masked', () => {
    const db = 'store.db';
    const tenant = cli.lapak(db, ['tenant', 'create', '--name', 'Toko CLI', '--json']).json();
    const settings = cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id), '--json'], {
      input: JSON.stringify({
        payment_methods: ['gateway', 'bank_transfer'],
        gateway: 'midtrans',
        midtrans_server_key: 'SB-Mid-server-secret-value',
        bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko CLI' }],
        whatsapp_number: '+62 812-9999-0000',
        thank_you_template: 'Halo {toko}, pesanan #{pesanan}',
        unique_code: true,
      }),
    });
    expect(settings.code, settings.stderr).toBe(0);
    expect(settings.stdout).not.toContain('secret-value');
    expect(settings.json()).toMatchObject({
      payment_methods: ['gateway', 'bank_transfer'], gateway: 'midtrans', midtrans_server_key: 'set', xendit_secret_key: null,
      whatsapp_number: '6281299990000', offered_payment_methods: ['midtrans', 'bank_transfer'], unique_code: true,
    });

    const rates = JSON.stringify([{ courier: 'JNE REG', province: 'Jawa Barat', fee: 12000 }, { courier: 'JNE REG', province: '*', fee: 30000 }]);
    expect(cli.lapak(db, ['store', 'set-rates', '--tenant', String(tenant.id), '--json'], { input: rates }).json()).toEqual({ rates: 2 });
    // Only the fields sent change; null clears one.
    cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id)], { input: '{"gateway": null}' });
    const shown = cli.lapak(db, ['store', 'show', '--tenant', String(tenant.id), '--json']);
    expect(shown.stdout).not.toContain('secret-value');
    expect(shown.json()).toMatchObject({
      gateway: null, midtrans_server_key: 'set', offered_payment_methods: ['bank_transfer'], unique_code: true,
      rates: { 'JNE REG': { 'Jawa Barat': 12000, '*': 30000 } },
    });
  });

  it('a new store starts with the unique transfer code on', () => {
    const db = 'store-new.db';
    const tenant = cli.lapak(db, ['tenant', 'create', '--name', 'Toko Baru', '--json']).json();
    expect(cli.lapak(db, ['store', 'show', '--tenant', String(tenant.id), '--json']).json()).toMatchObject({ unique_code: true });
  });

  it("sets the store's time zone (the tenants row) with the other settings; a refused one changes nothing", () => {
    const db = 'store-zone.db';
    const tenant = cli.lapak(db, ['tenant', 'create', '--name', 'Toko Makassar', '--json']).json();
    const set = cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id), '--json'], { input: '{"time_zone": "asia/makassar", "gateway": "xendit"}' });
    expect(set.code, set.stderr).toBe(0);
    expect(set.json()).toMatchObject({ time_zone: 'Asia/Makassar', gateway: 'xendit' });
    // A refused time zone changes nothing, not even the fields before it.
    const refused = cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id)], { input: '{"gateway": null, "time_zone": "WIB"}' });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('time_zone must be an IANA time zone name');
    expect(cli.lapak(db, ['store', 'show', '--tenant', String(tenant.id), '--json']).json()).toMatchObject({ time_zone: 'Asia/Makassar', gateway: 'xendit' });
    // null: the server's zone again.
    expect(cli.lapak(db, ['store', 'settings', '--tenant', String(tenant.id), '--json'], { input: '{"time_zone": null}' }).json()).toMatchObject({ time_zone: null, gateway: 'xendit' });
  });

  it('refuses bad input with a non-zero exit and one line on stderr', () => {
    const db = 'store-errors.db';
    cli.lapak(db, ['tenant', 'create', '--name', 'T']);
    const cases: Array<[string[], string]> = [
      [['store', 'settings', '--tenant', '1'], '{"payment_methods": ["cash"]}'],
      [['store', 'settings', '--tenant', '1'], '{"gateway": "paypal"}'],
      [['store', 'settings', '--tenant', '1'], '{"whatsapp_number": "123"}'],
      [['store', 'settings', '--tenant', '1'], '{"colour": "red"}'],
      [['store', 'settings', '--tenant', '1'], '{"unique_code": 1}'],
      [['store', 'settings', '--tenant', '1'], '{"time_zone": "+07:00"}'],
      [['store', 'settings', '--tenant', '1'], '{"time_zone": 7}'],
      [['store', 'settings', '--tenant', '1'], '{"bank_accounts": [{"bank": "BCA"}]}'],
      [['store', 'settings', '--tenant', '99'], '{}'],
      [['store', 'set-rates', '--tenant', '1'], '[{"courier": "JNE", "province": "Atlantis", "fee": 1}]'],
      [['store', 'set-rates', '--tenant', '1'], '[{"courier": "JNE", "province": "Bali", "fee": -1}]'],
      [['store', 'set-rates', '--tenant', '1'], '[{"courier": "JNE", "province": "Bali", "fee": 1}, {"courier": "JNE", "province": "Bali", "fee": 2}]'],
      [['store', 'set-rates', '--tenant', '1'], '{"courier": "JNE"}'],
      [['store', 'set-rates', '--tenant', '99'], '[]'],
      [['store', 'show', '--tenant', '99'], ''],
    ];
    for (const [args, input] of cases) {
      const r = cli.lapak(db, args, { input });
      expect(r.code, `${args.join(' ')} ${input}`).not.toBe(0);
      expect(r.stderr.trim().split('\n'), input).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
  });

  it('after `lapak start` the demo store\'s order form takes orders: couriers and payment methods are set', async () => {
    const server = await cli.start('demo-form.db', 'start');
    try {
      const url = server.stdout().match(/Order form: (\S+)/)![1]!.replace(/^http:\/\/localhost:\d+/, `http://127.0.0.1:${server.port}`);
      const page = await (await fetch(url)).text();
      expect(page).toContain('name="courier" value="JNE REG"');
      expect(page).toContain('name="payment_method" value="bank_transfer"');
      expect(page).toContain('name="payment_method" value="cod"');
    } finally {
      await server.stop();
    }
  });
});
