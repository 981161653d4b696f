// Price computation for every variant shape of SPEC's variant price rules.
import { describe, expect, it } from 'vitest';
import { compareAtPrice, quote } from './price.js';

const product = (p: Partial<Parameters<typeof quote>[0]>) => ({ price: 50000, sale_price: null, variant_prices: [], variant_compare_prices: [], ...p });

describe('quote', () => {
  it('no variations: the base price x quantity + shipping', () => {
    expect(quote(product({}), [], 3, 12000)).toEqual({ unitPrice: 50000, compareAtPrice: null, quantity: 3, subtotal: 150000, shippingFee: 12000, total: 162000 });
  });

  it('one variation: the flat list cell of the chosen option', () => {
    const p = product({ variant_prices: [40000, 41000, 42000] });
    expect(quote(p, [0], 1, 0).total).toBe(40000);
    expect(quote(p, [2], 2, 9000)).toMatchObject({ unitPrice: 42000, subtotal: 84000, total: 93000 });
  });

  it('two variations: the matrix cell [first][second]', () => {
    const p = product({ variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]] });
    expect(quote(p, [0, 0], 1, 0).unitPrice).toBe(50000);
    expect(quote(p, [1, 1], 1, 0).unitPrice).toBe(57000);
    expect(quote(p, [1, 2], 2, 10000)).toMatchObject({ unitPrice: 62000, total: 134000 });
    expect(quote(p, [0, 2], 1, 0).unitPrice).toBe(60000);
  });

  it('three variations: the cube cell [first][second][third]', () => {
    const p = product({
      variant_prices: [
        [[100, 101], [110, 111], [120, 121]],
        [[200, 201], [210, 211], [220, 221]],
      ],
    });
    expect(quote(p, [0, 0, 0], 1, 0).unitPrice).toBe(100);
    expect(quote(p, [1, 2, 1], 1, 0).unitPrice).toBe(221);
    expect(quote(p, [0, 1, 1], 4, 5).total).toBe(111 * 4 + 5);
  });

  it('variations without variant prices: the base price for every combination', () => {
    expect(quote(product({ price: 100000 }), [1, 2, 0], 2, 0).total).toBe(200000);
  });

  it('never charges the strike-through prices', () => {
    const p = product({ price: 85000, sale_price: 120000 });
    expect(quote(p, [], 1, 0)).toMatchObject({ unitPrice: 85000, compareAtPrice: 120000, total: 85000 });
  });
});

describe('compareAtPrice (the struck-through price)', () => {
  it('without variant compare prices: sale_price when above the charged price', () => {
    expect(compareAtPrice(product({ sale_price: 75000 }), [])).toBe(75000);
    expect(compareAtPrice(product({ sale_price: 50000 }), [])).toBeNull();
    expect(compareAtPrice(product({ sale_price: 40000 }), [])).toBeNull();
    expect(compareAtPrice(product({ sale_price: null }), [])).toBeNull();
  });

  it('with variant compare prices: the combination\'s cell, where 0 means none', () => {
    const p = product({
      sale_price: 99000,
      variant_prices: [[50000, 55000, 60000], [52000, 57000, 62000]],
      variant_compare_prices: [[70000, 0, 0], [0, 0, 80000]],
    });
    expect(compareAtPrice(p, [0, 0])).toBe(70000);
    expect(compareAtPrice(p, [0, 1])).toBeNull();
    expect(compareAtPrice(p, [1, 2])).toBe(80000);
  });

  it('one variation: the flat compare list', () => {
    const p = product({ variant_prices: [40000, 41000], variant_compare_prices: [45000, 0] });
    expect(compareAtPrice(p, [0])).toBe(45000);
    expect(compareAtPrice(p, [1])).toBeNull();
  });
});
