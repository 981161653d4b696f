// The buyer's time zone by the order's province (issue 41 §1, issue 44 §3): WIB, WITA, WIT.
// Indonesia keeps no daylight saving, so each is a fixed offset. The messaging planner and sender
// (quiet hours) and the `{batas_bayar}` placeholder read it; an order without a known province
// falls back to the store's time zone.
import { exactOffsetMinutes } from '../lib/time.js';

export const ZONES = { WIB: 7 * 60, WITA: 8 * 60, WIT: 9 * 60 } as const;
export type ZoneName = keyof typeof ZONES;

/** The 38 provinces by zone (shipping/provinces.ts spells them). */
const PROVINCE_ZONE: Readonly<Record<string, ZoneName>> = {
  Aceh: 'WIB', 'Sumatera Utara': 'WIB', 'Sumatera Barat': 'WIB', Riau: 'WIB', 'Kepulauan Riau': 'WIB', Jambi: 'WIB',
  'Sumatera Selatan': 'WIB', 'Kepulauan Bangka Belitung': 'WIB', Bengkulu: 'WIB', Lampung: 'WIB', 'DKI Jakarta': 'WIB',
  'Jawa Barat': 'WIB', Banten: 'WIB', 'Jawa Tengah': 'WIB', 'DI Yogyakarta': 'WIB', 'Jawa Timur': 'WIB',
  'Kalimantan Barat': 'WIB', 'Kalimantan Tengah': 'WIB',
  Bali: 'WITA', 'Nusa Tenggara Barat': 'WITA', 'Nusa Tenggara Timur': 'WITA', 'Kalimantan Selatan': 'WITA',
  'Kalimantan Timur': 'WITA', 'Kalimantan Utara': 'WITA', 'Sulawesi Utara': 'WITA', Gorontalo: 'WITA',
  'Sulawesi Tengah': 'WITA', 'Sulawesi Barat': 'WITA', 'Sulawesi Selatan': 'WITA', 'Sulawesi Tenggara': 'WITA',
  Maluku: 'WIT', 'Maluku Utara': 'WIT', Papua: 'WIT', 'Papua Barat': 'WIT', 'Papua Barat Daya': 'WIT',
  'Papua Tengah': 'WIT', 'Papua Pegunungan': 'WIT', 'Papua Selatan': 'WIT',
};

export const zoneOfProvince = (province: string | null): ZoneName | null => (province !== null && Object.hasOwn(PROVINCE_ZONE, province) ? PROVINCE_ZONE[province]! : null);

/** The buyer's offset from UTC in minutes at `at`: their province's zone, else the store's time zone. */
export function buyerOffsetMinutes(province: string | null, storeTimeZone: string, at: number): number {
  const zone = zoneOfProvince(province);
  return zone ? ZONES[zone] : exactOffsetMinutes(at, storeTimeZone);
}

/** The name of a zone a buyer reads: the province's (WIB, WITA, WIT), else the offset's when it is one of them, else "UTC+X". */
export function zoneNameOf(province: string | null, offset: number): string {
  const zone = zoneOfProvince(province);
  if (zone) return zone;
  const named = Object.entries(ZONES).find(([, minutes]) => minutes === offset)?.[0];
  if (named) return named;
  const hours = offset / 60;
  return `UTC${offset >= 0 ? '+' : ''}${Number.isInteger(hours) ? hours : hours.toFixed(1)}`;
}
