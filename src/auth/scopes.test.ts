import { describe, expect, it } from 'vitest';
import { firstMissingScope, hasScope, isKnownScope, RESERVED_SCOPES } from './scopes.js';

describe('scope matching', () => {
  it('is exact string equality', () => {
    expect(hasScope(['products:read'], 'products:read')).toBe(true);
    for (const granted of ['products:*', 'products', 'Products:Read', ' products:read', 'products:read ', '*:read', '**']) {
      expect(hasScope([granted], 'products:read'), granted).toBe(false);
    }
    expect(hasScope(['orders:write'], 'orders.status:write')).toBe(false);
    expect(hasScope(['orders:read'], 'orders.status:write')).toBe(false);
  });

  it('* satisfies every scope', () => {
    for (const scope of ['products:read', 'products:write', 'customers:read', 'orders:read', 'orders.status:write', 'anything']) {
      expect(hasScope(['*'], scope)).toBe(true);
    }
  });

  it('reserved scopes satisfy nothing but themselves', () => {
    for (const reserved of RESERVED_SCOPES) {
      expect(firstMissingScope([reserved], ['products:read'])).toBe('products:read');
    }
  });

  it('firstMissingScope names the first missing one in the required order', () => {
    expect(firstMissingScope([], ['orders:read', 'customers:read'])).toBe('orders:read');
    expect(firstMissingScope(['orders:read'], ['orders:read', 'customers:read'])).toBe('customers:read');
    expect(firstMissingScope(['customers:read'], ['orders:read', 'customers:read'])).toBe('orders:read');
    expect(firstMissingScope(['customers:read', 'orders:read'], ['orders:read', 'customers:read'])).toBeNull();
    expect(firstMissingScope(['*'], ['orders:read', 'customers:read'])).toBeNull();
    expect(firstMissingScope([], [])).toBeNull();
  });

  it('issuance knows the active and reserved scopes only', () => {
    for (const scope of ['products:read', 'products:write', 'customers:read', 'orders:read', 'orders.status:write', '*', ...RESERVED_SCOPES]) {
      expect(isKnownScope(scope), scope).toBe(true);
    }
    for (const scope of ['products:*', 'orders:*', 'admin', '', 'PRODUCTS:READ']) expect(isKnownScope(scope), scope).toBe(false);
  });
});
