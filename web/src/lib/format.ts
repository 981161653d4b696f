// Dates and money as Indonesians read them (Intl, id-ID). Dates in the store's time zone: the
// server writes its own zone into the page (<meta name="lapak-time-zone">) for the pages before
// login; once /me answers, the store's (me.store.time_zone, chosen in Pengaturan) replaces it.
const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="lapak-time-zone"]');

function zoneOrDefault(value: string | undefined | null): string {
  try {
    if (value && !value.includes('%')) return new Intl.DateTimeFormat('id-ID', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    // An unknown zone: fall back below.
  }
  return 'Asia/Jakarta';
}

let zone = zoneOrDefault(meta?.content);
const formatters = () => ({
  dateTime: new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }),
  dateOnly: new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: zone }),
});
let current = formatters();
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });
const count = new Intl.NumberFormat('id-ID');

/** The zone dates are shown in now. */
export const timeZone = (): string => zone;

/** The store's zone, from /me: every date shown from now on is in it. */
export function setTimeZone(value: string | null | undefined): void {
  const next = zoneOrDefault(value ?? meta?.content);
  if (next === zone) return;
  zone = next;
  current = formatters();
}

export const formatDateTime = (iso: string): string => current.dateTime.format(new Date(iso));
export const formatDate = (iso: string): string => current.dateOnly.format(new Date(iso));
export const formatRupiah = (amount: number): string => rupiah.format(amount);
/** A count as Indonesians write it: 1.234.567. */
export const formatCount = (n: number): string => count.format(n);

/** Today plus `days`, as YYYY-MM-DD in the store's time zone (a date input's value). */
export function isoDateFromToday(days: number, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
  return parts;
}
