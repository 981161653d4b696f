import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonHazard, parseJson, parseJsonObject, parsePathId } from './request.js';

const nestsDeeperThan = (text: string, max: number) => jsonHazard(text, max) === 'too_deep';

/** The depth as JSON.parse builds it, counted recursively (the reference the scan must match). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === 'object' && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('jsonHazard', () => {
  it('counts arrays and objects, not brackets inside strings or after escapes', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[]}}', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\",[[1]]]', 2)).toBe(true);
  });

  it('agrees with the depth JSON.parse builds, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(nestsDeeperThan(text, max)).toBe(depthOf(value) > max);
      }),
    );
  });

  it('finds U+0000 in a string (an escape), not an escaped backslash before u0000', () => {
    expect(jsonHazard('{"a":"x\\u0000"}', 9)).toBe('nul');
    expect(jsonHazard('{"\\u0000":1}', 9)).toBe('nul');
    expect(jsonHazard('{"a":"x\\\\u0000"}', 9)).toBeNull();
    expect(jsonHazard('{"a":"\\u00001"}', 9)).toBe('nul');
    expect(jsonHazard('{"a":"\\u0001"}', 9)).toBeNull();
  });

  it('reads a million levels without recursing', () => {
    expect(nestsDeeperThan('['.repeat(1_000_000) + ']'.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('parseJson', () => {
  it(`takes ${MAX_JSON_DEPTH} levels and refuses one more before JSON.parse`, () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(parseJson(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJson(nested(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, reason: 'too_deep' });
    expect(parseJson('{')).toEqual({ ok: false, reason: 'not_json' });
    expect(parseJson('{"name":"a\\u0000b"}')).toEqual({ ok: false, reason: 'nul' });
    expect(parseJson('  ')).toEqual({ ok: false, reason: 'empty' });
    expect(parseJson(undefined)).toEqual({ ok: false, reason: 'empty' });
  });

  it('parseJsonObject: null for anything but an object, a too-deep one included', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    for (const text of ['[]', 'null', '"x"', '1', '{', `{"a":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}`]) expect(parseJsonObject(text), text).toBeNull();
  });
});

describe('parsePathId', () => {
  it('reads digits only, from 1, within the safe integers', () => {
    expect(parsePathId('1')).toBe(1);
    expect(parsePathId('9007199254740991')).toBe(9007199254740991);
    for (const text of ['0', '01', '-1', '+1', ' 1', '1 ', '0x1', '1e0', '1.0', '1.', '', '9007199254740993', '9'.repeat(17), '١']) expect(parsePathId(text), text).toBeNull();
  });
});
