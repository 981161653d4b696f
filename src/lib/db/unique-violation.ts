// PostgreSQL's unique_violation (23505) on one named index or constraint: how a write learns
// that another transaction committed the same key after it looked.
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}
