import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseVariant, unitPrice, VARIANT_PRICE_TEXT, variantPriceProblem, variantsProblem, type Variation } from './variant-prices.js';

const CELL = 'variant_prices_cell';
const SHAPE = 'variant_prices_shape';
const COMPARE_CELL = 'variant_compare_prices_cell';
const COMPARE_SHAPE = 'variant_compare_prices_shape';

const v = (...counts: number[]): Variation[] =>
  counts.map((n, i) => ({ dimension: `D${i}`, options: Array.from({ length: n }, (_, j) => `o${i}-${j}`) }));

type Matrix = number | Matrix[];

/** A matrix with exactly `counts` as its dimensions, cells from `cell(path)`. */
function build(counts: readonly number[], cell: (path: number[]) => number, path: number[] = []): Matrix {
  if (path.length === counts.length) return cell(path);
  return Array.from({ length: counts[path.length]! }, (_, i) => build(counts, cell, [...path, i]));
}

function setCell(matrix: Matrix, path: readonly number[], value: unknown): Matrix {
  const copy = structuredClone(matrix) as unknown[];
  let node = copy;
  path.slice(0, -1).forEach((i) => (node = node[i] as unknown[]));
  node[path.at(-1)!] = value;
  return copy as Matrix;
}

/** Adds or removes one entry at `depth` along `path`, so one dimension length is wrong. */
function resize(matrix: Matrix, depth: number, grow: boolean, path: readonly number[]): Matrix {
  const copy = structuredClone(matrix) as unknown[];
  let node = copy;
  for (let d = 0; d < depth; d++) node = node[path[d]!] as unknown[];
  if (grow) node.push(structuredClone(node[0]));
  else node.pop();
  return copy as Matrix;
}

describe('variantPriceProblem: unit cases', () => {
  it('one variation: a flat list of the option count', () => {
    expect(variantPriceProblem([1000, 2000, 3000], v(3), 'prices')).toBeNull();
    expect(variantPriceProblem([[1000], [2000], [3000]], v(3), 'prices')).toBe(SHAPE);
    expect(variantPriceProblem([1000, 2000], v(3), 'prices')).toBe(SHAPE);
    expect(variantPriceProblem([1000, 0, 3000], v(3), 'prices')).toBe(CELL);
  });

  it('two and three variations: nested to the option counts', () => {
    expect(variantPriceProblem([[1, 2, 3], [4, 5, 6]], v(2, 3), 'prices')).toBeNull();
    expect(variantPriceProblem([[1, 2], [3, 4], [5, 6]], v(2, 3), 'prices')).toBe(SHAPE);
    expect(variantPriceProblem([1, 2, 3, 4, 5, 6], v(2, 3), 'prices')).toBe(SHAPE);
    expect(variantPriceProblem([[[1, 2]], [[3, 4]]], v(2, 1, 2), 'prices')).toBeNull();
    expect(variantPriceProblem([[1, 2], [3, 4]], v(2, 1, 2), 'prices')).toBe(SHAPE);
  });

  it('cells: prices > 0, compare prices >= 0, whole rupiah numbers only', () => {
    for (const cell of [0, -1, null, '', '1000', 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, { a: 1 }, true]) {
      expect(variantPriceProblem([[1, cell], [3, 4]], v(2, 2), 'prices'), String(cell)).toBe(CELL);
    }
    expect(variantPriceProblem([[0, 0], [0, 0]], v(2, 2), 'compare_prices')).toBeNull();
    for (const cell of [-1, null, '', 1.5]) {
      expect(variantPriceProblem([[0, cell], [0, 0]], v(2, 2), 'compare_prices'), String(cell)).toBe(COMPARE_CELL);
    }
    expect(variantPriceProblem([0, 0], v(2, 2), 'compare_prices')).toBe(COMPARE_SHAPE);
  });

  it('an empty list is "no per-variant prices"; a non-list is a shape problem', () => {
    expect(variantPriceProblem([], v(2, 3), 'prices')).toBeNull();
    expect(variantPriceProblem([], [], 'prices')).toBeNull();
    expect(variantPriceProblem([1000], [], 'prices')).toBe(SHAPE);
    for (const value of [null, undefined, 'abc', 5, { 0: 1 }]) expect(variantPriceProblem(value, v(2), 'prices')).toBe(SHAPE);
  });
});

describe('variantPriceProblem: properties', () => {
  const countsArb = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 });
  const priceArb = fc.integer({ min: 1, max: 10_000_000 });
  /** Counts, a valid matrix for them, and one cell's path. */
  const caseArb = countsArb.chain((counts) =>
    fc.record({
      counts: fc.constant(counts),
      prices: fc.array(priceArb, { minLength: 64, maxLength: 64 }),
      path: fc.tuple(...counts.map((n) => fc.nat({ max: n - 1 }))),
    }),
  );
  const matrixOf = (counts: number[], prices: number[]) => build(counts, (p) => prices[p.reduce((a, i) => a * 4 + i, 0) % 64]!);

  it('a matrix with the exact option counts and positive cells is accepted', () => {
    fc.assert(
      fc.property(caseArb, ({ counts, prices }) => {
        const matrix = matrixOf(counts, prices);
        expect(variantPriceProblem(matrix, v(...counts), 'prices')).toBeNull();
        expect(variantPriceProblem(matrix, v(...counts), 'compare_prices')).toBeNull();
      }),
    );
  });

  it('changing any one dimension length is rejected with the shape text', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), fc.boolean(), ({ counts, prices, path }, depthSeed, grow) => {
        const depth = depthSeed % counts.length;
        // Shrinking a one-option dimension would leave an empty list at the top: that is
        // "no per-variant prices", so grow there instead.
        const mustGrow = grow || counts[depth] === 1;
        const bad = resize(matrixOf(counts, prices), depth, mustGrow, path);
        expect(variantPriceProblem(bad, v(...counts), 'prices')).toBe(SHAPE);
        expect(variantPriceProblem(bad, v(...counts), 'compare_prices')).toBe(COMPARE_SHAPE);
      }),
    );
  });

  it('a matrix for other option counts is rejected with the shape text', () => {
    fc.assert(
      fc.property(caseArb, countsArb, ({ counts, prices }, other) => {
        fc.pre(other.join() !== counts.join());
        expect(variantPriceProblem(matrixOf(counts, prices), v(...other), 'prices')).toBe(SHAPE);
      }),
    );
  });

  it('any one cell set to 0 is rejected for prices and accepted for compare prices', () => {
    fc.assert(
      fc.property(caseArb, ({ counts, prices, path }) => {
        const zeroed = setCell(matrixOf(counts, prices), path, 0);
        expect(variantPriceProblem(zeroed, v(...counts), 'prices')).toBe(CELL);
        expect(variantPriceProblem(zeroed, v(...counts), 'compare_prices')).toBeNull();
      }),
    );
  });

  it('any one cell emptied (null) is rejected for both', () => {
    fc.assert(
      fc.property(caseArb, ({ counts, prices, path }) => {
        const emptied = setCell(matrixOf(counts, prices), path, null);
        expect(variantPriceProblem(emptied, v(...counts), 'prices')).toBe(CELL);
        expect(variantPriceProblem(emptied, v(...counts), 'compare_prices')).toBe(COMPARE_CELL);
      }),
    );
  });
});

describe("the API's texts of the problems", () => {
  it("are SPEC's, byte for byte, for variant_prices", () => {
    expect(VARIANT_PRICE_TEXT[CELL]).toBe('variant_prices tiap kombinasi wajib diisi harga lebih dari 0 (ada sel kosong/0).');
    expect(VARIANT_PRICE_TEXT[SHAPE]).toBe('variant_prices bentuk matriks tidak sesuai jumlah opsi variasi.');
    expect(VARIANT_PRICE_TEXT[COMPARE_CELL]).toBe('variant_compare_prices tiap kombinasi wajib diisi angka 0 atau lebih (ada sel kosong).');
    expect(VARIANT_PRICE_TEXT[COMPARE_SHAPE]).toBe('variant_compare_prices bentuk matriks tidak sesuai jumlah opsi variasi.');
  });
});

describe('variantsProblem', () => {
  it('accepts zero to three variations with options', () => {
    for (const value of [[], v(1), v(2, 3), v(4, 4, 4)]) expect(variantsProblem(value)).toBeNull();
  });
  it('every variation needs at least one option', () => {
    expect(variantsProblem([{ dimension: 'Warna', options: [] }])).toBe('variants_without_options');
  });
  it('refuses more than three, or malformed items', () => {
    for (const value of [v(1, 1, 1, 1), 'x', null, [null], [{ dimension: '', options: ['a'] }], [{ dimension: 'W', options: [''] }], [{ dimension: 'W', options: [1] }], [{ options: ['a'] }]]) {
      expect(variantsProblem(value), JSON.stringify(value)).toBe('invalid_variants');
    }
  });
});

describe('unitPrice', () => {
  const product = { price: 50000, variant_prices: [[10, 20, 30], [40, 50, 60]] };
  it('is the combination cell when variant prices exist', () => {
    expect(unitPrice(product, [0, 0])).toBe(10);
    expect(unitPrice(product, [1, 2])).toBe(60);
    expect(unitPrice({ price: 5, variant_prices: [7, 8] }, [1])).toBe(8);
  });
  it('falls back to the base price without variant prices or without a cell', () => {
    expect(unitPrice({ price: 50000, variant_prices: [] }, [1, 2])).toBe(50000);
    expect(unitPrice({ price: 50000, variant_prices: null }, [])).toBe(50000);
    expect(unitPrice({ price: 50000, variant_prices: [] }, [])).toBe(50000);
    // Stored prices that do not fit the combination (e.g. old data) fall back instead of throwing.
    expect(unitPrice(product, [5, 0])).toBe(50000);
    expect(unitPrice(product, [0])).toBe(50000); // a row, not a cell
    expect(unitPrice({ price: 50000, variant_prices: [10, 20] }, [1, 1])).toBe(50000);
  });
});

describe('parseVariant', () => {
  const variants: Variation[] = [
    { dimension: 'Warna', options: ['Hitam', 'Putih'] },
    { dimension: 'Ukuran', options: ['M', 'L'] },
  ];
  it('maps "Hitam / L" to option indexes, spaces optional', () => {
    expect(parseVariant('Hitam / L', variants)).toEqual([0, 1]);
    expect(parseVariant('Putih/M', variants)).toEqual([1, 0]);
    expect(parseVariant('  Putih  /  L ', variants)).toEqual([1, 1]);
  });
  it('null for unknown options, the wrong number of parts, or other case', () => {
    for (const label of ['Merah / L', 'Hitam', 'Hitam / L / X', 'hitam / l', '', 'L / Hitam']) {
      expect(parseVariant(label, variants), label).toBeNull();
    }
  });
  it('a product without variations takes only the empty label', () => {
    expect(parseVariant('', [])).toEqual([]);
    expect(parseVariant('  ', [])).toEqual([]);
    expect(parseVariant('Hitam', [])).toBeNull();
  });
  it('property: every combination label parses back to its indexes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }).chain((counts) =>
          fc.tuple(fc.constant(counts), fc.tuple(...counts.map((n) => fc.nat({ max: n - 1 })))),
        ),
        ([counts, indexes]) => {
          const vs = v(...counts);
          const label = indexes.map((i, d) => vs[d]!.options[i]).join(' / ');
          expect(parseVariant(label, vs)).toEqual(indexes);
        },
      ),
    );
  });
});
