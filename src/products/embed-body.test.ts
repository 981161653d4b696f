// The kept embed body is always the one that would be built from the row now.
import { describe, expect, it } from 'vitest';
import { embedBody } from './embed-body.js';
import { embedRecord, toProduct, type ProductRow } from './product-record.js';

const ROW: ProductRow = {
  id: 7, tenant_id: 3, name: 'Kaos "Polos"', slug: 'kaos-polos', price: 65000, sale_price: null,
  variants: JSON.stringify([{ dimension: 'Warna', options: ['Hitam', 'Navy'] }]), variant_prices: JSON.stringify([65000, 70000]),
  variant_compare_prices: '[]', variant_display: 'dropdown', meta_pixel_id: null, gtm_id: null, created_at: 1, updated_at: 1,
  description: '', weight_grams: 200, payment_methods: null, couriers: null, tiktok_pixel_id: null, deleted_at: null,
};
const URL = 'https://toko.example';
const built = (row: ProductRow, publicUrl = URL) => JSON.stringify(embedRecord(toProduct(row), publicUrl));

describe('embed body', () => {
  it('is the record serialised, the same again for the same row', () => {
    expect(embedBody(ROW, URL)).toBe(built(ROW));
    expect(embedBody({ ...ROW }, URL)).toBe(built(ROW));
  });

  it('follows every column of the record and the public URL, even without a new updated_at', () => {
    const changes: Array<Partial<ProductRow>> = [
      { name: 'Kaos Baru' }, { slug: 'kaos-baru' }, { price: 70000 }, { sale_price: 60000 }, { tenant_id: 4 },
      { variants: JSON.stringify([{ dimension: 'Warna', options: ['Hitam', 'Mocca'] }]) }, { variant_prices: JSON.stringify([65000, 75000]) },
      { variant_display: 'buttons' },
    ];
    for (const change of changes) {
      const row = { ...ROW, ...change };
      embedBody(ROW, URL); // the kept body is the old row's
      expect(embedBody(row, URL)).toBe(built(row));
    }
    expect(embedBody(ROW, 'https://lain.example')).toBe(built(ROW, 'https://lain.example'));
  });

  it('a shifted boundary between two columns is a different row (length-prefixed key)', () => {
    const a = { ...ROW, name: 'ab', slug: 'c' };
    const b = { ...ROW, name: 'a', slug: 'bc' };
    embedBody(a, URL);
    expect(embedBody(b, URL)).toBe(built(b));
  });
});
