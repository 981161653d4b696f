import { describe, expect, it } from 'vitest';
import { formatIndonesianDate, formatRupiah } from './format.js';
import { PLACEHOLDERS, PLACEHOLDER_NAMES, STATUS_WORDS, unknownPlaceholders, type TemplateInput } from './placeholders.js';
import { DEFAULT_OPENING_TEMPLATE, TEMPLATE_KINDS, renderTemplate } from './render-template.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';

const input: TemplateInput = {
  storeName: 'Toko Berkah',
  customerName: 'Siti Aminah',
  orderCount: 3,
  latestOrder: {
    id: 42,
    status: 'pending',
    product: 'Kaos Polos',
    variant: 'Hitam / L',
    quantity: 2,
    total: 1250000,
    createdAt: Date.UTC(2026, 0, 14, 18, 30, 0), // 15 January 01:30 in Jakarta
    shippingFee: 18000,
    paymentMethod: 'bank_transfer',
    uniqueCode: 123,
    courier: 'JNE REG',
    resi: null,
  },
  bankAccounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Berkah' }, { bank: 'BRI', number: '0987-654', holder: 'Siti' }],
  paymentLink: null,
  trackingLink: null,
  orderLink: 'https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx',
  contact: { name: 'Rina', whatsapp: '6281111111111' },
  timeZone: 'Asia/Jakarta',
};

describe('renderTemplate, the opening message', () => {
  it('uses the default template when the store has none', () => {
    const expected =
      'Halo Kak Siti Aminah, terima kasih sudah berbelanja di Toko Berkah. ' +
      'Pesanan terakhir Kakak #42 (Kaos Polos) saat ini berstatus menunggu pembayaran.';
    expect(renderTemplate('opening', null, input)).toBe(expected);
    expect(renderTemplate('opening', '', input)).toBe(expected);
    expect(renderTemplate('opening', '  \n ', input)).toBe(expected);
  });

  it('fills every placeholder', () => {
    const template = Object.keys(PLACEHOLDERS).map((name) => `${name}={${name}}`).join('|');
    expect(renderTemplate('opening', template, input)).toBe(
      'nama=Siti Aminah|toko=Toko Berkah|pesanan=42|produk=Kaos Polos|varian=Hitam / L|jumlah=2|' +
        'total=Rp1.250.000|status=menunggu pembayaran|tanggal=15 Januari 2026|jumlah_pesanan=3|' +
        'ongkir=Rp18.000|metode_bayar=Transfer bank|rekening=BCA 1234567890 a.n. Toko Berkah\nBRI 0987-654 a.n. Siti|kode_unik=123|link_bayar=|' +
        'kurir=JNE REG|resi=|link_lacak=|link_pesanan=https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx|nama_cs=Rina|wa_cs=6281111111111|batas_bayar=',
    );
  });

  it("{batas_bayar}: when auto-cancel will cancel the order, in the buyer's zone (the province's, else the store's); empty when it will not", () => {
    // 8 December 2026 06:30 UTC.
    const at = Date.UTC(2026, 11, 8, 6, 30);
    const deadline = (cancelAt: number | null | undefined, buyerProvince: string | null, timeZone = 'Asia/Jakarta') =>
      renderTemplate('opening', '[{batas_bayar}]', { ...input, cancelAt, buyerProvince, timeZone });
    expect(deadline(at, 'Jawa Barat')).toBe('[8 Desember 2026 13.30 WIB]');
    expect(deadline(at, 'Bali')).toBe('[8 Desember 2026 14.30 WITA]');
    expect(deadline(at, 'Papua')).toBe('[8 Desember 2026 15.30 WIT]');
    // A province Lapak does not know: the store's zone, named by its offset.
    expect(deadline(at, null, 'Asia/Makassar')).toBe('[8 Desember 2026 14.30 WITA]');
    expect(deadline(at, 'Luar Negeri', 'UTC')).toBe('[8 Desember 2026 06.30 UTC+0]');
    // The province wins over the store's zone; past midnight the date moves on.
    expect(deadline(Date.UTC(2026, 11, 8, 16, 5), 'Papua', 'Asia/Jakarta')).toBe('[9 Desember 2026 01.05 WIT]');
    expect(deadline(null, 'Bali')).toBe('[]');
    expect(deadline(undefined, 'Bali')).toBe('[]');
  });

  it('leaves unknown placeholders and stray braces as written', () => {
    expect(renderTemplate('opening', 'Hai {nama}, {kupon} {Nama} {} {nama', input)).toBe('Hai Siti Aminah, {kupon} {Nama} {} {nama');
    expect(renderTemplate('opening', '{constructor} {toString} {__proto__}', input)).toBe('{constructor} {toString} {__proto__}');
  });

  it('does not expand placeholders that arrive inside values', () => {
    const tricky = { ...input, customerName: '{toko}', storeName: '{nama}' };
    expect(renderTemplate('opening', '{nama} / {toko}', tricky)).toBe('{toko} / {nama}');
  });

  it('repeats a placeholder as often as it is used', () => {
    expect(renderTemplate('opening', '{nama}{nama}', input)).toBe('Siti AminahSiti Aminah');
  });

  it('has Indonesian words for every order status and shows unknown ones as they are', () => {
    for (const status of ORDER_STATUSES) expect(STATUS_WORDS[status]).toMatch(/\S/);
    const unknown = { ...input, latestOrder: { ...input.latestOrder, status: 'archived' } };
    expect(renderTemplate('opening', '{status}', unknown)).toBe('archived');
    const shipped = { ...input, latestOrder: { ...input.latestOrder, status: 'shipped' } };
    expect(renderTemplate('opening', '{status}', shipped)).toBe('sedang dikirim');
  });

  it('the default templates only use known placeholders', () => {
    for (const { defaultTemplate } of Object.values(TEMPLATE_KINDS)) {
      for (const [, name] of defaultTemplate.matchAll(/\{([a-z_]+)\}/g)) expect(PLACEHOLDERS).toHaveProperty(name!);
    }
  });
});

describe('renderTemplate, the thank-you message', () => {
  it('is the default without a template of the store, on one line', () => {
    const expected = 'Halo Toko Berkah, saya Siti Aminah. Saya sudah memesan Kaos Polos Hitam / L sebanyak 2, nomor pesanan #42, total Rp1.250.000. Mohon diproses ya, terima kasih.';
    expect(renderTemplate('thank_you', null, input)).toBe(expected);
    // A blank template is no template: the thank-you default, not the opening one.
    expect(renderTemplate('thank_you', ' \n ', input)).toBe(expected);
  });

  it("fills the store's template from the same placeholders and folds its lines and spaces into one line", () => {
    expect(renderTemplate('thank_you', '  Halo {toko},\n\npesanan  #{pesanan}\t{kupon} ', input)).toBe('Halo Toko Berkah, pesanan #42 {kupon}');
    expect(renderTemplate('opening', 'Halo {toko},\npesanan #{pesanan}', input)).toBe('Halo Toko Berkah,\npesanan #42');
  });
});

describe('formatting helpers', () => {
  it('formats rupiah with dots', () => {
    expect(formatRupiah(0)).toBe('Rp0');
    expect(formatRupiah(999)).toBe('Rp999');
    expect(formatRupiah(1000)).toBe('Rp1.000');
    expect(formatRupiah(55000)).toBe('Rp55.000');
    expect(formatRupiah(123456789)).toBe('Rp123.456.789');
    expect(formatRupiah(-5000)).toBe('-Rp5.000');
  });

  it('formats the date in the server time zone', () => {
    const at = Date.UTC(2026, 11, 31, 17, 0, 0);
    expect(formatIndonesianDate(at, 'Asia/Jakarta')).toBe('1 Januari 2027');
    expect(formatIndonesianDate(at, 'UTC')).toBe('31 Desember 2026');
  });
});

describe('unknownPlaceholders', () => {
  it('lists the placeholders no renderer fills, each once, in order of appearance', () => {
    expect(unknownPlaceholders('Halo {nama}, {harga} {ongkir} {harga} {diskon} {toko} {Nama} { nama }')).toEqual(['harga', 'diskon']);
    expect(unknownPlaceholders(PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(' '))).toEqual([]);
    expect(unknownPlaceholders(DEFAULT_OPENING_TEMPLATE)).toEqual([]);
  });
});

