// Dates and money as Indonesians read them (Intl, id-ID), in the server's time zone (`TZ`),
// which the server writes into the page (<meta name="lapak-time-zone">).
const meta = typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="lapak-time-zone"]');

function zoneOrDefault(value: string | undefined | null): string {
  try {
    if (value && !value.includes('%')) return new Intl.DateTimeFormat('id-ID', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    // An unknown zone: fall back below.
  }
  return 'Asia/Jakarta';
}

export const TIME_ZONE = zoneOrDefault(meta?.content);

const dateTime = new Intl.DateTimeFormat('id-ID', { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: TIME_ZONE });
const rupiah = new Intl.NumberFormat('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));
export const formatRupiah = (amount: number): string => rupiah.format(amount);

/** Today plus `days`, as YYYY-MM-DD in the server's time zone (a date input's value). */
export function isoDateFromToday(days: number, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
  return parts;
}
