export const SLUG_MAX = 80;

/** Lower-case ASCII words joined by dashes; '' when nothing usable remains. */
export function deriveSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
}

/** The candidates tried in order when a slug is taken: base, base-2, base-3, ... */
export function slugCandidate(base: string, attempt: number): string {
  return attempt === 1 ? base : `${base}-${attempt}`;
}
