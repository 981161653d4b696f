// A store's time zone: an IANA name the runtime knows (Asia/Jakarta, Asia/Makassar, ...),
// stored in its canonical spelling. Offsets ("+07:00") and abbreviations ("WIB") are refused:
// an IANA zone follows its own rules over the years, an offset does not.
const ZONES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

/** The canonical IANA name of `value`, or null when it is not one. */
export function parseTimeZone(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || !/^[A-Za-z]/.test(trimmed)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return ZONES.has(resolved) ? resolved : null;
}
