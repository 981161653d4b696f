/** A `next` address from the URL, kept only when it stays inside the dashboard. */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
