export const ACTIVE_SCOPES = [
  'products:read',
  'products:write',
  'customers:read',
  'orders:read',
  'orders.status:write',
  '*',
] as const;

// Accepted at issuance, checked by no endpoint: they grant nothing.
export const RESERVED_SCOPES = ['products:delete', 'orders:write', 'customers:write', 'team:read', 'team:write'] as const;

export const DEFAULT_SCOPES = ['products:read'];

export type Scope = (typeof ACTIVE_SCOPES)[number] | (typeof RESERVED_SCOPES)[number];

const KNOWN = new Set<string>([...ACTIVE_SCOPES, ...RESERVED_SCOPES]);

export function isKnownScope(scope: string): scope is Scope {
  return KNOWN.has(scope);
}

/** Exact string equality; `*` satisfies everything; no globbing. */
export function hasScope(granted: readonly string[], required: string): boolean {
  return granted.includes('*') || granted.includes(required);
}

/** The first required scope the key lacks, or null. */
export function firstMissingScope(granted: readonly string[], required: readonly string[]): string | null {
  return required.find((scope) => !hasScope(granted, scope)) ?? null;
}
