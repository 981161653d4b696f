// How amounts and dates read to an Indonesian buyer, in messages and on the order form's pages.
import { formatTimestamp } from '../lib/time.js';

const MONTHS = [
  'Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni',
  'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember',
];

/** 150000 -> "Rp150.000" (Indonesian thousands separator). */
export function formatRupiah(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  return `${sign}Rp${String(Math.abs(Math.trunc(amount))).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
}

/** Epoch ms -> "15 Januari 2026", as the calendar date in the given time zone. */
export function formatIndonesianDate(epochMs: number, timeZone: string): string {
  const [year, month, day] = formatTimestamp(epochMs, timeZone).slice(0, 10).split('-').map(Number);
  return `${day} ${MONTHS[month! - 1]} ${year}`;
}

/** Epoch ms at a fixed offset (minutes) -> "8 Desember 2026 14.30 WIB": the date, the clock with a dot (Indonesian usage), and the zone's name. */
export function formatIndonesianDateTime(epochMs: number, offsetMinutes: number, zoneName: string): string {
  const local = new Date(epochMs + offsetMinutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()} ${pad(local.getUTCHours())}.${pad(local.getUTCMinutes())} ${zoneName}`;
}
