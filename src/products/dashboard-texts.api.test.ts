// Issue 30, point 3: every text the dashboard's path of /api/products.php answers is one a
// seller can read: SPEC's own texts where SPEC words the problem (kept byte for byte, as the
// API does), the dashboard's Indonesian ones (keyed by code) for everything else, never an
// operation's English message; and every refused field names itself in `fields`, in the
// dashboard's words. Walks every code of a product's fields, then every text the path's
// contract (openapi/dashboard.json) says it can answer. SQLite and PostgreSQL.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { KAOS, seedFormStore } from '../../test/form-helpers.js';
import { json, startTestApp } from '../../test/helpers.js';
import { AUTH_TEXT, CROSS_SITE_TEXT, DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT, DASHBOARD_REFUSAL_TEXT, PRODUCT_TEXT, TRANSPORT_TEXT } from '../lib/http/messages.js';
import { PRODUCT_PROBLEMS, type ProductProblem } from './product-problems.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let owner: Member;
beforeAll(async () => {
  t = await startTestApp();
  owner = await seedMember(t.ctx, (await seedFormStore(t.ctx)).tenantId, 'owner');
});
afterAll(() => t.drop());

/** SPEC's texts the path keeps (SPEC's product table; `Login required` is the path's answer to an API key too). */
const SPEC_TEXTS = new Set<string>([
  PRODUCT_TEXT.idRequired, PRODUCT_TEXT.nameRequired, PRODUCT_TEXT.cannotDeriveSlug, PRODUCT_TEXT.variantPriceCell,
  PRODUCT_TEXT.variantPriceShape, PRODUCT_TEXT.productNotFound, PRODUCT_TEXT.loginRequired, AUTH_TEXT.tooManyRequests,
]);
/**
 * The transport's answers on any path, before the path knows which face it serves
 * (docs/decisions.md), and the cross-site refusal, which no page can get (its requests are
 * same-site) and the API's documents list for a cookie sent with a key.
 */
const TRANSPORT_TEXTS = new Set<string>([...Object.values(TRANSPORT_TEXT), CROSS_SITE_TEXT]);
/** The dashboard's own texts. */
const DASHBOARD_TEXTS = new Set<string>([
  ...Object.values(DASHBOARD_ERRORS).map((e) => e.error), ...Object.values(DASHBOARD_FIELD_TEXT), ...Object.values(DASHBOARD_REFUSAL_TEXT),
]);
/** Words of the operations' English messages ("price must be a whole number ..."), never in a seller's text. */
const ENGLISH = /\b(must|is|are|not|the|be|required|characters|should|only|of|or|and|with|than|does|look)\b/i;

const twoByThree = { variants: KAOS.variants };
/** A body that triggers each problem: the compiler wants a row for every code. */
const TRIGGERS: Record<ProductProblem, unknown> = {
  body_not_object: [1],
  name_required: { price: 1 },
  name_too_long: { name: 'x'.repeat(201), price: 1 },
  cannot_derive_slug: { name: '!!!', price: 1 },
  invalid_price: { name: 'P', price: -1 },
  invalid_sale_price: { name: 'P', price: 1, sale_price: 'murah' },
  invalid_product_description: { name: 'P', price: 1, description: 5 },
  invalid_weight: { name: 'P', price: 1, weight_grams: 1.5 },
  invalid_variants: { name: 'P', price: 1, variants: 'Warna' },
  variants_without_options: { name: 'P', price: 1, variants: [{ dimension: 'Warna', options: [] }] },
  variant_prices_cell: { name: 'P', price: 1, ...twoByThree, variant_prices: [[1, 2, 0], [1, 2, 3]] },
  variant_prices_shape: { name: 'P', price: 1, ...twoByThree, variant_prices: [[1, 2], [1, 2]] },
  variant_compare_prices_cell: { name: 'P', price: 1, ...twoByThree, variant_compare_prices: [[0, 0, -1], [0, 0, 0]] },
  variant_compare_prices_shape: { name: 'P', price: 1, ...twoByThree, variant_compare_prices: [0, 0] },
  invalid_variant_display: { name: 'P', price: 1, variant_display: 'huge' },
  payment_methods_not_offered: { name: 'P', price: 1, payment_methods: ['gateway'] },
  couriers_not_offered: { name: 'P', price: 1, couriers: ['Kilat'] },
  invalid_meta_pixel_id: { name: 'P', price: 1, meta_pixel_id: '12345' },
  invalid_tiktok_pixel_id: { name: 'P', price: 1, tiktok_pixel_id: 'c4abcdef1234567890ab' },
  invalid_gtm_id: { name: 'P', price: 1, gtm_id: 'UA-12345' },
};

describe("the products path's dashboard texts", () => {
  it('every refused field: SPEC\'s text or the dashboard\'s as `error`, and `fields` in the dashboard\'s Indonesian', async () => {
    for (const [code, body] of Object.entries(TRIGGERS) as Array<[ProductProblem, unknown]>) {
      const res = await t.request({ method: 'POST', url: '/api/products.php', headers: asMember(owner, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });
      const problem: { field: string; spec?: string } = PRODUCT_PROBLEMS[code];
      const text = DASHBOARD_REFUSAL_TEXT[code];
      expect({ code, status: res.statusCode, body: json(res) }).toEqual({ code, status: 400, body: { error: problem.spec ?? text, fields: { [problem.field]: text } } });
      expect(text, code).not.toMatch(ENGLISH);
    }
  });

  it('every text its contract lists is SPEC\'s, the transport\'s, or the dashboard\'s, and every `fields` text the dashboard\'s', () => {
    const document = JSON.parse(fs.readFileSync('openapi/dashboard.json', 'utf8'));
    const operations = Object.values(document.paths['/api/products.php'] as Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown; examples?: Record<string, { value: { error: string; fields?: Record<string, string> } }> }> }> }>);
    expect(operations).toHaveLength(4);
    const texts = new Set<string>();
    const fieldTexts = new Set<string>();
    const collect = (schema: unknown): void => {
      if (Array.isArray(schema)) return schema.forEach(collect);
      if (typeof schema !== 'object' || schema === null) return;
      const node = schema as Record<string, unknown>;
      const error = (node.properties as Record<string, { enum?: string[]; const?: string }> | undefined)?.error;
      for (const text of error?.enum ?? (error?.const ? [error.const] : [])) texts.add(text);
      Object.values(node).forEach(collect);
    };
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('4') && !status.startsWith('5')) continue;
        const media = response.content?.['application/json'];
        collect(media?.schema);
        for (const example of Object.values(media?.examples ?? {})) Object.values(example.value.fields ?? {}).forEach((text) => fieldTexts.add(text));
      }
    }
    expect(texts.size).toBeGreaterThan(20);
    for (const text of texts) {
      const kind = SPEC_TEXTS.has(text) ? 'spec' : TRANSPORT_TEXTS.has(text) ? 'transport' : DASHBOARD_TEXTS.has(text) ? 'dashboard' : 'other';
      expect({ text, kind }).not.toEqual({ text, kind: 'other' });
      if (kind === 'dashboard') expect(text).not.toMatch(ENGLISH);
    }
    expect([...fieldTexts].sort()).toEqual(Object.keys(PRODUCT_PROBLEMS).map((code) => DASHBOARD_REFUSAL_TEXT[code as ProductProblem]).sort());
  });
});
