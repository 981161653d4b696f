import { describe, expect, it } from 'vitest';
import { candidates } from '../tailwind-plugin.js';

describe('candidates', () => {
  it('finds class names in attributes, template strings and object values', () => {
    const found = candidates([
      '<div className="flex min-h-11 sm:flex-row">',
      "const A = { primary: 'bg-brand-700 text-white' }; const b = `rounded-lg ${A.primary} data-[highlighted]:bg-brand-50`;",
    ]);
    expect(found).toEqual(expect.arrayContaining(['flex', 'min-h-11', 'sm:flex-row', 'bg-brand-700', 'text-white', 'rounded-lg', 'data-[highlighted]:bg-brand-50']));
    expect(found).not.toContain('');
  });
});
