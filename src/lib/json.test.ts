import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStringRecord } from './json.js';

describe('parseStringRecord', () => {
  it('reads a JSON object of strings whole, in its order', () => {
    const read = parseStringRecord('{"utm_source":"ig","fbclid":"abc","q":"","status":"paid"}');
    expect(read).toEqual({ utm_source: 'ig', fbclid: 'abc', q: '', status: 'paid' });
    expect(Object.keys(read)).toEqual(['utm_source', 'fbclid', 'q', 'status']);
  });

  it('leaves out the fields that are not strings and keeps the others', () => {
    expect(parseStringRecord('{"a":"1","b":1,"c":null,"d":true,"e":["x"],"f":{"g":"h"},"i":"j"}')).toEqual({ a: '1', i: 'j' });
  });

  it.each([
    ['invalid JSON', '{"a":'],
    ['empty text', ''],
    ['an array', '["a","b"]'],
    ['null', 'null'],
    ['a string', '"a"'],
    ['a number', '12'],
    ['a boolean', 'true'],
  ])('reads %s as no fields', (_name, raw) => {
    expect(parseStringRecord(raw)).toEqual({});
  });

  it('keeps "__proto__" as a field of its own and changes no prototype', () => {
    const read = parseStringRecord('{"__proto__":"x","a":"b"}');
    expect(Object.keys(read)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it('property: reads back any object of strings it is given, and only the strings of any other object', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string()), (record) => {
        expect(parseStringRecord(JSON.stringify(record))).toEqual(record);
      }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const strings = Object.fromEntries(Object.entries(record).filter(([, value]) => typeof value === 'string'));
        expect(parseStringRecord(JSON.stringify(record))).toEqual(strings);
      }),
    );
  });
});
