import { describe, expect, it } from 'vitest';
import { normalizeResi } from './resi.js';
import { trackingUrl } from './tracking-links.js';
import { checkResi } from '../workspace/order/edit-order.js';

describe('normalizeResi', () => {
  it('takes out every space inside and around, whatever the space', () => {
    expect(normalizeResi('JP 1234 5678 90')).toBe('JP1234567890');
    expect(normalizeResi('  JNE\t0012  34 ')).toBe('JNE001234');
    expect(normalizeResi('SPX\u00a0ID\u2009123\u3000456')).toBe('SPXID123456');
    expect(normalizeResi('jp1234')).toBe('jp1234');
    expect(normalizeResi('   ')).toBe('');
  });

  it('keeps a line break, which checkResi refuses: two resi in one cell are not one', () => {
    expect(normalizeResi('JP1\nJP2')).toBe('JP1\nJP2');
    expect(checkResi('JP1\nJP2')).toEqual({ ok: false });
  });

  it('is what checkResi stores, the length counted without the spaces', () => {
    expect(checkResi('JP 1234 5678 90')).toEqual({ ok: true, value: 'JP1234567890' });
    expect(checkResi(' ')).toEqual({ ok: true, value: null });
    expect(checkResi(`${'A '.repeat(60)}`)).toEqual({ ok: true, value: 'A'.repeat(60) });
    expect(checkResi('A'.repeat(61))).toEqual({ ok: false });
  });

  it('makes the tracking link of an older resi stored with spaces', () => {
    expect(trackingUrl('J&T', 'JP 1234 5678 90')).toBe(trackingUrl('J&T', 'JP1234567890'));
    expect(trackingUrl('J&T', 'JP 1234 5678 90')).toContain('JP1234567890');
  });
});
