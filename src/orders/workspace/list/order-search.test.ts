import { expect, it } from 'vitest';
import { parseOrderSearch } from './order-search.js';

const search = (q: string | undefined) => {
  const parsed = parseOrderSearch(q);
  if (!parsed.ok) throw new Error(parsed.code);
  return parsed.value;
};

it('reads digits as an order number and a resi, and as a phone when they are an Indonesian number', () => {
  expect(search('1234')).toEqual({ orderId: 1234, phone: null, resi: '1234', name: null });
  expect(search(' 081234567890 ')).toEqual({ orderId: 81234567890, phone: '6281234567890', resi: '081234567890', name: null });
  expect(search('0')).toEqual({ orderId: null, phone: null, resi: '0', name: null });
  expect(search('99999999999999999999')?.orderId).toBeNull();
});

it('reads a phone in any written form, and never searches names with it', () => {
  for (const written of ['0812-3456-7890', '+62 812 3456 7890', '62812-3456-7890', '(0812) 3456.7890']) {
    expect(search(written), written).toMatchObject({ orderId: null, phone: '6281234567890', name: null });
  }
});

it('reads other text as a resi and, from three characters, a part of a name', () => {
  expect(search('JP1234ABCD')).toEqual({ orderId: null, phone: null, resi: 'JP1234ABCD', name: 'JP1234ABCD' });
  expect(search('Siti A')).toEqual({ orderId: null, phone: null, resi: 'Siti A', name: 'Siti A' });
  expect(search('Ani')).toMatchObject({ name: 'Ani' });
  expect(search('x'.repeat(101))).toMatchObject({ resi: null, name: 'x'.repeat(101) });
});

it('asks for nothing when blank, and refuses fewer than three characters that only a name could be', () => {
  expect(search(undefined)).toBeNull();
  expect(search('   ')).toBeNull();
  for (const q of ['ab', 'a', ' é ', '1a', '+6']) expect(parseOrderSearch(q), q).toMatchObject({ ok: false, code: 'query_too_short' });
});
