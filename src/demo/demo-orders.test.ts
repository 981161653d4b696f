// The made-up orders of `lapak demo orders`: the same seed gives the same orders, in time
// order inside the period, every move allowed by the status table with what it needs, and the
// mix the workspace is tried and measured with.
import { describe, expect, it } from 'vitest';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import { checkMove } from '../orders/core/status-moves.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { PROVINCES } from '../shipping/provinces.js';
import { ASSIGNED_FIELD, CREATED_FIELD, demoOrders, type DemoOrder, type DemoStore } from './demo-orders.js';

const NOW = Date.UTC(2026, 0, 15, 3, 0, 0);
const DAY = 86_400_000;
const STORE: DemoStore = {
  products: [
    { id: 11, name: 'Madu', variants: [{ label: '', unitPrice: 85000 }] },
    { id: 12, name: 'Hijab', variants: [{ label: 'Hitam', unitPrice: 65000 }, { label: 'Navy', unitPrice: 70000 }] },
  ],
  cs: [{ userId: 5, name: 'Rani CS' }, { userId: 6, name: 'Tono CS' }],
  couriers: [{ name: 'JNE REG', fees: { 'DKI Jakarta': 10000, '*': 30000 } }, { name: 'J&T EZ', fees: null }],
};

function draw(count: number, seed: number, store: DemoStore = STORE, days = 180): DemoOrder[] {
  const orders = demoOrders(store, { count, days, seed, now: NOW });
  return Array.from({ length: count }, () => orders.next());
}

describe('demo orders', () => {
  const orders = draw(5_000, 7);

  it('are the same for the same seed and differ for another', () => {
    expect(draw(5_000, 7)).toEqual(orders);
    expect(draw(5_000, 8)).not.toEqual(orders);
  });

  it('are created in time order over the days before now, each change after its creation and not after now', () => {
    for (const [i, o] of orders.entries()) {
      expect(o.created_at).toBeGreaterThanOrEqual(NOW - 180 * DAY);
      expect(o.created_at).toBeLessThanOrEqual(NOW);
      if (i > 0) expect(o.created_at).toBeGreaterThanOrEqual(orders[i - 1]!.created_at);
      const times = o.history.map((h) => h.created_at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(o.created_at);
      expect(o.updated_at).toBe(times.at(-1));
      expect(o.updated_at).toBeLessThanOrEqual(NOW);
    }
    // Spread over the whole period, more in its second half (a growing store).
    expect(orders[0]!.created_at).toBeLessThan(NOW - 170 * DAY);
    expect(orders.at(-1)!.created_at).toBeGreaterThan(NOW - DAY);
    const recent = orders.filter((o) => o.created_at > NOW - 90 * DAY).length;
    expect(recent / orders.length).toBeGreaterThan(0.55);
  });

  it('move only as the status table allows, with the resi and reason the moves need', () => {
    for (const o of orders) {
      expect(o.history[0]).toMatchObject({ field: CREATED_FIELD, old_value: null, new_value: 'pending' });
      let status = 'pending';
      for (const [i, h] of o.history.entries()) {
        if (h.field !== 'status') continue;
        expect(h.old_value).toBe(status);
        const next = o.history[i + 1];
        const given = { resi: next?.field === 'resi' ? next.new_value : null, reason: next?.field === 'reason' ? next.new_value : null, paymentMethod: o.payment_method };
        expect(checkMove(status, h.new_value!, { manager: true }, given).ok, `${status} -> ${h.new_value}`).toBe(true);
        status = h.new_value!;
      }
      expect(o.status).toBe(status);
      const resi = o.history.find((h) => h.field === 'resi');
      expect(o.resi).toBe(resi?.new_value ?? null);
      expect(o.resi !== null).toBe(o.history.some((h) => h.new_value === 'shipped'));
    }
  });

  it('hold every state, most of them completed, and the newest orders still open', () => {
    const share = (status: string, list = orders) => list.filter((o) => o.status === status).length / list.length;
    for (const status of ORDER_STATUSES) expect(share(status), status).toBeGreaterThan(0);
    expect(share('completed')).toBeGreaterThan(0.5);
    const lastDay = orders.filter((o) => o.created_at > NOW - DAY);
    expect(share('completed', lastDay)).toBe(0);
    expect(share('pending', lastDay) + share('closing', lastDay)).toBeGreaterThan(0.5);
  });

  it('have returning buyers: one phone, one buyer, over several orders', () => {
    const byPhone = new Map<string, DemoOrder[]>();
    for (const o of orders) byPhone.set(o.customer_phone, [...(byPhone.get(o.customer_phone) ?? []), o]);
    const returning = [...byPhone.values()].filter((list) => list.length > 1);
    expect(returning.length).toBeGreaterThan(200);
    for (const list of returning) expect(new Set(list.map((o) => `${o.customer_name}|${o.customer_address}`)).size).toBe(1);
    // Stored as the customer lookup normalises them.
    for (const phone of [...byPhone.keys()].slice(0, 200)) expect(normalizeIndonesianPhone(phone)).toBe(phone);
  });

  it('name common buyers often: a first name matches many orders, as the name search meets it', () => {
    const counts = new Map<string, number>();
    for (const o of orders) counts.set(o.customer_name.split(' ')[0]!, (counts.get(o.customer_name.split(' ')[0]!) ?? 0) + 1);
    const top = Math.max(...counts.values());
    expect(top / orders.length).toBeGreaterThan(0.04);
    expect(counts.size).toBeGreaterThan(40);
  });

  it('draw from the store: its products and prices, its couriers and fees, its CS, and the provinces', () => {
    const variants = new Map(STORE.products.flatMap((p) => p.variants.map((v) => [`${p.id}|${v.label}`, v.unitPrice])));
    for (const o of orders) {
      expect(variants.get(`${o.product_id}|${o.variant}`)).toBe(o.unit_price);
      expect(o.total).toBe(o.unit_price * o.quantity + o.shipping_fee);
      expect(['JNE REG', 'J&T EZ']).toContain(o.courier);
      if (o.courier === 'JNE REG') expect(o.shipping_fee).toBe(o.customer_province === 'DKI Jakarta' ? 10000 : 30000);
      expect(PROVINCES).toContain(o.customer_province);
      expect(o.customer_postal_code).toMatch(/^\d{5}$/);
    }
    expect(new Set(orders.map((o) => o.variant)).size).toBe(3);
    expect(new Set(orders.map((o) => o.customer_province)).size).toBeGreaterThan(30);
  });

  it('are assigned to the store CS members mostly, each assignment in the history', () => {
    const assigned = orders.filter((o) => o.assigned_user_id !== null);
    expect(assigned.length / orders.length).toBeGreaterThan(0.7);
    expect(new Set(assigned.map((o) => o.assigned_user_id))).toEqual(new Set([5, 6]));
    for (const o of orders) {
      const entry = o.history.find((h) => h.field === ASSIGNED_FIELD);
      expect(entry?.new_value ?? null).toBe(o.assigned_user_id === null ? null : STORE.cs.find((m) => m.userId === o.assigned_user_id)!.name);
    }
    expect(draw(200, 7, { ...STORE, cs: [] }).every((o) => o.assigned_user_id === null && o.history.every((h) => h.field !== ASSIGNED_FIELD))).toBe(true);
  });

  it('carry ad parameters, with the UTM source and campaign also in their own fields', () => {
    let withUtm = 0;
    for (const o of orders) {
      const params = JSON.parse(o.ad_params) as Record<string, string>;
      expect(o.utm_source).toBe(params.utm_source ?? null);
      expect(o.utm_campaign).toBe(params.utm_campaign ?? null);
      if (o.utm_source !== null) withUtm += 1;
      if (params.fbclid) expect(['facebook', 'instagram']).toContain(o.utm_source);
    }
    expect(withUtm / orders.length).toBeGreaterThan(0.5);
    expect(new Set(orders.map((o) => o.utm_campaign)).size).toBeGreaterThan(5);
  });

  it('come with the form views behind them: 13 to 50 each (a conversion of 2 to 8 %), spread between', () => {
    const views = orders.map((o) => o.views);
    expect(Math.min(...views)).toBeGreaterThanOrEqual(13);
    expect(Math.max(...views)).toBeLessThanOrEqual(50);
    expect(new Set(views).size).toBeGreaterThan(30);
    const conversion = orders.length / views.reduce((sum, n) => sum + n, 0);
    expect(conversion).toBeGreaterThan(0.02);
    expect(conversion).toBeLessThan(0.08);
  });
});
