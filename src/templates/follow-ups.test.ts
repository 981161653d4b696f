// The follow-up steps' renderer (issue 34 §2): the defaults of every step and payment method,
// a store's own text, every placeholder for each payment method, line breaks and emoji kept
// through wa.me's link, and the templates stored before the issue rendering exactly as before.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FOLLOW_UPS, FOLLOW_UP_STEPS, METHOD_KINDS, STEPS_OF_STATUS, methodKindOf, stepsFor } from './follow-up-steps.js';
import { PLACEHOLDER_NAMES, contactOf, unknownPlaceholders, type TemplateInput } from './placeholders.js';
import { previewTemplate, sampleInput } from './preview-template.js';
import { renderFollowUp, renderTemplate } from './render-template.js';
import { FOLLOW_UP_TEXT_MAX } from './store-templates.js';
import { waMeUrl } from './wa-link.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';

const base: TemplateInput = {
  storeName: 'Toko Berkah',
  customerName: 'Siti Aminah',
  orderCount: 2,
  latestOrder: {
    id: 77,
    status: 'pending',
    product: 'Kaos Polos',
    variant: 'Hitam / L',
    quantity: 1,
    total: 68123,
    createdAt: Date.UTC(2026, 0, 14, 18, 30, 0),
    shippingFee: 18000,
    paymentMethod: 'bank_transfer',
    uniqueCode: 123,
    courier: 'J&T EZ',
    resi: 'JP1234567890',
  },
  bankAccounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Berkah' }],
  paymentLink: null,
  trackingLink: 'https://www.jet.co.id/track?awb=JP1234567890',
  orderLink: 'https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx',
  contact: { name: 'Rina', whatsapp: '6281111111111' },
  timeZone: 'Asia/Jakarta',
};

const EVERY = PLACEHOLDER_NAMES.map((name) => `${name}={${name}}`).join('\n');
const COMMON =
  'nama=Siti Aminah\ntoko=Toko Berkah\npesanan=77\nproduk=Kaos Polos\nvarian=Hitam / L\njumlah=1\ntotal=Rp68.123\nstatus=menunggu pembayaran\ntanggal=15 Januari 2026\njumlah_pesanan=2\nongkir=Rp18.000\n';

describe('every placeholder, for each payment method', () => {
  it('bank transfer: the accounts and the unique code; no payment link', () => {
    expect(renderFollowUp('fu1', 'bank_transfer', EVERY, base)).toBe(
      `${COMMON}metode_bayar=Transfer bank\nrekening=BCA 1234567890 a.n. Toko Berkah\nkode_unik=123\nlink_bayar=\nkurir=J&T EZ\nresi=JP1234567890\nlink_lacak=https://www.jet.co.id/track?awb=JP1234567890\nlink_pesanan=https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx\nnama_cs=Rina\nwa_cs=6281111111111\nbatas_bayar=`,
    );
  });

  it("COD: no unique code, no payment link; the store's name and number without a CS", () => {
    const cod = { ...base, latestOrder: { ...base.latestOrder, paymentMethod: 'cod', uniqueCode: null }, contact: contactOf({ storeName: 'Toko Berkah', whatsappNumber: '6282222222222' }, null) };
    expect(renderFollowUp('fu1', 'cod', EVERY, cod)).toBe(
      `${COMMON}metode_bayar=COD (bayar di tempat)\nrekening=BCA 1234567890 a.n. Toko Berkah\nkode_unik=\nlink_bayar=\nkurir=J&T EZ\nresi=JP1234567890\nlink_lacak=https://www.jet.co.id/track?awb=JP1234567890\nlink_pesanan=https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx\nnama_cs=Toko Berkah\nwa_cs=6282222222222\nbatas_bayar=`,
    );
  });

  it("gateway: the payment link; a CS without a number of their own gives the store's; nothing empty renders as a placeholder", () => {
    const gateway = {
      ...base,
      latestOrder: { ...base.latestOrder, paymentMethod: 'xendit', uniqueCode: null, resi: null },
      paymentLink: 'https://checkout.xendit.co/web/abc',
      trackingLink: null,
      bankAccounts: [],
      contact: contactOf({ storeName: 'Toko Berkah', whatsappNumber: '6282222222222' }, { name: 'Rina', whatsapp: null }),
    };
    expect(renderFollowUp('fu1', 'gateway', EVERY, gateway)).toBe(
      `${COMMON}metode_bayar=Pembayaran online\nrekening=\nkode_unik=\nlink_bayar=https://checkout.xendit.co/web/abc\nkurir=J&T EZ\nresi=\nlink_lacak=\nlink_pesanan=https://lapak.test/p/AbCdEfGhIjKlMnOpQrStUvWx\nnama_cs=Rina\nwa_cs=6282222222222\nbatas_bayar=`,
    );
  });

  it('a store without a number and no CS: {wa_cs} is empty', () => {
    expect(contactOf({ storeName: 'Toko', whatsappNumber: null }, null)).toEqual({ name: 'Toko', whatsapp: null });
    expect(renderFollowUp('fu1', 'cod', '[{wa_cs}]', { ...base, contact: { name: 'Toko', whatsapp: null } })).toBe('[]');
  });
});

describe('the follow-up steps', () => {
  it('every step has a default per payment method, within the limit and with known placeholders only', () => {
    for (const step of FOLLOW_UP_STEPS) {
      for (const method of METHOD_KINDS) {
        const text = DEFAULT_FOLLOW_UPS[step][method];
        expect(text.length, `${step}/${method}`).toBeLessThanOrEqual(FOLLOW_UP_TEXT_MAX);
        expect(unknownPlaceholders(text), `${step}/${method}`).toEqual([]);
        expect(text).toContain('\n');
      }
    }
  });

  it('FU1-FU4 while pending, then the status own message; none for completed and invalid_no_hp', () => {
    for (const status of ORDER_STATUSES) expect(Object.hasOwn(STEPS_OF_STATUS, status), status).toBe(true);
    expect(stepsFor('pending')).toEqual(['fu1', 'fu2', 'fu3', 'fu4']);
    for (const status of ['closing', 'paid', 'shipped', 'cancelled']) expect(stepsFor(status)).toEqual([status]);
    expect(stepsFor('completed')).toEqual([]);
    expect(stepsFor('invalid_no_hp')).toEqual([]);
    expect(stepsFor('constructor')).toEqual([]);
    // Every step fits some status.
    for (const step of FOLLOW_UP_STEPS) expect(Object.values(STEPS_OF_STATUS).some((steps) => steps.includes(step)), step).toBe(true);
  });

  it('an order paid through Midtrans or Xendit gets the gateway text; one without a method the bank transfer text', () => {
    expect(methodKindOf('midtrans')).toBe('gateway');
    expect(methodKindOf('xendit')).toBe('gateway');
    expect(methodKindOf('cod')).toBe('cod');
    expect(methodKindOf('bank_transfer')).toBe('bank_transfer');
    expect(methodKindOf('')).toBe('bank_transfer');
    expect(methodKindOf(null)).toBe('bank_transfer');
  });

  it("renders the default when the store's text is null or blank, else the store's own, line breaks and emoji kept", () => {
    const defaultText = renderFollowUp('fu1', 'bank_transfer', null, base);
    expect(defaultText).toBe(
      'Halo Kak Siti Aminah 😊\n\nTerima kasih sudah memesan Kaos Polos Hitam / L di Toko Berkah. Pesanan #77 sebesar *Rp68.123* masih menunggu pembayaran.\n\nSilakan transfer ke:\nBCA 1234567890 a.n. Toko Berkah\n\nSetelah transfer, kabari kami di sini ya, Kak. 🙏',
    );
    expect(renderFollowUp('fu1', 'bank_transfer', ' \n ', base)).toBe(defaultText);
    expect(renderFollowUp('shipped', 'cod', 'Resi {resi} 📦\n\nLacak: {link_lacak}', base)).toBe('Resi JP1234567890 📦\n\nLacak: https://www.jet.co.id/track?awb=JP1234567890');
  });

  it("wa.me's link keeps a newline and an emoji: they come back whole from the link's text", () => {
    const text = renderFollowUp('fu2', 'cod', 'Halo {nama} 👋\nBaris dua & 100% *tebal* 🙏🏽', base);
    const url = waMeUrl('6281234567890', text);
    expect(url).toMatch(/^https:\/\/wa\.me\/6281234567890\?text=/);
    expect(url).toContain('%0A');
    expect(url).toContain('%F0%9F%91%8B');
    expect(new URL(url).searchParams.get('text')).toBe('Halo Siti Aminah 👋\nBaris dua & 100% *tebal* 🙏🏽');
    expect(decodeURIComponent(url.slice(url.indexOf('=') + 1))).toBe(text);
  });

  it('the preview renders a step on sample data of the payment method', () => {
    const store = { storeName: 'Toko Berkah', bankAccounts: [{ bank: 'BNI', number: '5555', holder: 'Toko' }], whatsappNumber: '6283333333333' };
    const gateway = previewTemplate({ step: 'fu1', method: 'gateway' }, null, sampleInput(store, Date.UTC(2026, 0, 1), 'Asia/Jakarta', 'gateway'));
    expect(gateway.text).toContain('https://app.midtrans.com/snap/v4/redirection/contoh');
    expect(gateway.unknown_placeholders).toEqual([]);
    const own = previewTemplate({ step: 'paid', method: 'bank_transfer' }, '{rekening} {kupon}', sampleInput(store, Date.UTC(2026, 0, 1), 'Asia/Jakarta'));
    expect(own).toMatchObject({ text: 'BNI 5555 a.n. Toko {kupon}', unknown_placeholders: ['kupon'] });
  });
});

describe('templates stored before the issue', () => {
  it('render exactly as before: the thank-you message on one line, the opening message as written', () => {
    // The accepted placeholders of the thank-you and opening templates before issue 34, and what they rendered.
    const saved = 'Halo {toko},\nsaya {nama} ({jumlah_pesanan} pesanan). #{pesanan} {produk} {varian} x{jumlah} = {total}, {status}, {tanggal} {kupon}';
    expect(renderTemplate('thank_you', saved, base)).toBe(
      'Halo Toko Berkah, saya Siti Aminah (2 pesanan). #77 Kaos Polos Hitam / L x1 = Rp68.123, menunggu pembayaran, 15 Januari 2026 {kupon}',
    );
    expect(renderTemplate('opening', saved, base)).toBe(
      'Halo Toko Berkah,\nsaya Siti Aminah (2 pesanan). #77 Kaos Polos Hitam / L x1 = Rp68.123, menunggu pembayaran, 15 Januari 2026 {kupon}',
    );
  });

  it('the new placeholders work in the thank-you message too, its lines folded', () => {
    expect(renderTemplate('thank_you', 'Transfer {total} ke {rekening}, kode unik {kode_unik}, CS {nama_cs}', { ...base, bankAccounts: [...base.bankAccounts, { bank: 'BRI', number: '222', holder: 'X' }] })).toBe(
      'Transfer Rp68.123 ke BCA 1234567890 a.n. Toko Berkah BRI 222 a.n. X, kode unik 123, CS Rina',
    );
  });
});
