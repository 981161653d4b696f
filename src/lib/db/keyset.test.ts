import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, pageOf } from './keyset.js';

describe('cursors', () => {
  it('give back the position they hold', () => {
    for (const position of [{ key: 0, id: 0 }, { key: 1_780_000_000_123, id: 42 }, { key: Number.MAX_SAFE_INTEGER, id: Number.MAX_SAFE_INTEGER }]) {
      expect(decodeCursor(encodeCursor(position))).toEqual(position);
    }
  });

  it('refuse any text they did not write', () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const text of ['', 'abc', '!!!', b64('123'), b64('1.2.3'), b64('-1.2'), b64('01.2'), b64('1.02'), b64('1.2 '), b64('1e3.2'), b64('99999999999999999.1'), `${encodeCursor({ key: 1, id: 2 })}=`, 'x'.repeat(45)]) {
      expect(decodeCursor(text), text).toBeNull();
    }
  });
});

describe('pageOf', () => {
  const at = (id: number) => ({ key: 1000 - id, id });
  it('keeps the page and points after its last row when one more row came', () => {
    const page = pageOf([1, 2, 3].map(at), 2, (row) => row);
    expect(page.rows).toEqual([at(1), at(2)]);
    expect(decodeCursor(page.nextCursor!)).toEqual(at(2));
  });

  it('says there is no next page when the rows fit', () => {
    expect(pageOf([1, 2].map(at), 2, (row) => row)).toEqual({ rows: [at(1), at(2)], nextCursor: null });
    expect(pageOf([], 2, (row) => row)).toEqual({ rows: [], nextCursor: null });
  });
});
