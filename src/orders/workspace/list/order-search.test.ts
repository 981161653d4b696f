import { expect, it } from 'vitest';
import { parseOrderSearch } from './order-search.js';

const search = (q: string | undefined) => {
  const parsed = parseOrderSearch(q);
  if (!parsed.ok) throw new Error(parsed.code);
  return parsed.value;
};

it('reads digits as an order number and a resi, and as a phone when they are an Indonesian number', () => {
  expect(search('1234')).toEqual({ orderId: 1234, phone: null, phoneTail: '1234', resi: '1234', name: null });
  expect(search(' 081234567890 ')).toEqual({ orderId: 81234567890, phone: '6281234567890', phoneTail: null, resi: '081234567890', name: null });
  expect(search('0')).toEqual({ orderId: null, phone: null, phoneTail: null, resi: '0', name: null });
  expect(search('99999999999999999999')?.orderId).toBeNull();
});

it('reads a phone in any written form, and never searches names with it', () => {
  for (const written of ['0812-3456-7890', '+62 812 3456 7890', '62812-3456-7890', '(0812) 3456.7890']) {
    expect(search(written), written).toMatchObject({ orderId: null, phone: '6281234567890', name: null });
  }
});

it('reads other text as a resi and, from three characters, a part of a name', () => {
  expect(search('JP1234ABCD')).toEqual({ orderId: null, phone: null, phoneTail: null, resi: 'JP1234ABCD', name: 'JP1234ABCD' });
  expect(search('Siti A')).toEqual({ orderId: null, phone: null, phoneTail: null, resi: 'SitiA', name: 'Siti A' });
  expect(search('Ani')).toMatchObject({ name: 'Ani' });
  expect(search('x'.repeat(101))).toMatchObject({ resi: null, name: 'x'.repeat(101) });
});

it('asks for nothing when blank, and refuses fewer than three characters that only a name could be', () => {
  expect(search(undefined)).toBeNull();
  expect(search('   ')).toBeNull();
  for (const q of ['ab', 'a', ' é ', '1a', '+6']) expect(parseOrderSearch(q), q).toMatchObject({ ok: false, code: 'query_too_short' });
});

it('reads #12 as order 12 only, as the pages and the buyer\'s messages write it', () => {
  expect(search('#12')).toEqual({ orderId: 12, phone: null, phoneTail: null, resi: null, name: null });
  expect(search(' # 7 ')).toMatchObject({ orderId: 7 });
  expect(parseOrderSearch('#')).toMatchObject({ ok: false, code: 'query_too_short' });
});

it('reads 4 to 13 digits, grouped or not, that are not a whole phone as the end of a buyer\'s phone, never a name', () => {
  expect(search('3456-7890')).toEqual({ orderId: null, phone: null, phoneTail: '34567890', resi: '3456-7890', name: null });
  expect(search('7890')).toMatchObject({ orderId: 7890, phoneTail: '7890' });
  expect(search('56 7890')).toMatchObject({ phoneTail: '567890', name: null });
  expect(search('123')).toMatchObject({ orderId: 123, phoneTail: null });
  expect(search('0812-3456-7890')).toMatchObject({ phone: '6281234567890', phoneTail: null });
  expect(search('12345678901234')).toMatchObject({ phoneTail: null });
});
