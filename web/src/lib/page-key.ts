// A key of one page's form (issue 40 §1): sent with each of its saves as Idempotency-Key, so the
// server enters one order however many times the page saves (a double click, a retry). Random
// from crypto.getRandomValues, which a page served over plain http has too (randomUUID needs https).

/** 32 hex digits after a prefix naming the form: within the server's 8 to 120 of A-Z a-z 0-9 . _ : - */
export function newPageKey(prefix: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
