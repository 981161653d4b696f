// The couriers' public tracking pages, one table (issue 32 §2): the order's page links its resi
// there. A courier is named as the store's shipping rates write it, a brand and often a service
// ("JNE REG", "J&T EZ", "SiCepat BEST", "Pos Kilat Khusus"), in any case and spacing; an unknown
// courier, or an order without a resi, has no link. A courier that moves its tracking page is
// fixed here, once.
import { normalizeResi } from './resi.js';

interface TrackingCourier {
  name: string;
  /**
   * What the courier's name starts with, lower-cased, `&` read as `n` ("J&T" is "jnt") and
   * every other character but letters, digits and spaces dropped. `exact`: must be the whole
   * first word(s), for short names that begin other words ("pos", "sap", "ide", "lion").
   */
  prefixes: readonly string[];
  exact?: readonly string[];
  url: (resi: string) => string;
}

export const TRACKING_COURIERS: readonly TrackingCourier[] = [
  { name: 'JNE', prefixes: ['jne'], url: (r) => `https://www.jne.co.id/id/tracking/trace/${r}` },
  { name: 'J&T Express', prefixes: ['jnt', 'jt express'], exact: ['jt'], url: (r) => `https://www.jet.co.id/track?awb=${r}` },
  { name: 'SiCepat', prefixes: ['sicepat', 'si cepat'], url: (r) => `https://www.sicepat.com/checkAwb?awb=${r}` },
  { name: 'AnterAja', prefixes: ['anteraja', 'anter aja'], url: (r) => `https://anteraja.id/tracking/${r}` },
  { name: 'Ninja Xpress', prefixes: ['ninja'], url: (r) => `https://www.ninjaxpress.co/id-id/tracking?id=${r}` },
  { name: 'ID Express', prefixes: ['id express', 'idexpress'], exact: ['ide', 'idx'], url: (r) => `https://www.idexpress.com/tracking/${r}` },
  { name: 'POS Indonesia', prefixes: ['pos indonesia', 'posindonesia', 'pos kilat', 'pos aja', 'posaja'], exact: ['pos'], url: (r) => `https://www.posindonesia.co.id/id/tracking/${r}` },
  { name: 'SAP Express', prefixes: ['sap express', 'sapx'], exact: ['sap'], url: (r) => `https://www.sapexpress.co.id/tracking?resi=${r}` },
  { name: 'Lion Parcel', prefixes: ['lion parcel', 'lionparcel'], exact: ['lion'], url: (r) => `https://lionparcel.com/track/stt?q=${r}` },
  { name: 'Wahana', prefixes: ['wahana'], url: (r) => `https://www.wahana.com/tracking/${r}` },
];

const normalise = (courier: string) =>
  courier
    .toLowerCase()
    .replace(/&/g, ' n ')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    // "J & T" and "J&T" alike: the letters of a split brand name joined.
    .replace(/^j n t\b/, 'jnt');

function matches(courier: TrackingCourier, name: string): boolean {
  if (courier.prefixes.some((p) => name.startsWith(p))) return true;
  return (courier.exact ?? []).some((word) => name === word || name.startsWith(`${word} `));
}

/** The courier of the table a store's courier name means, or null. */
export function trackingCourierOf(courier: string): TrackingCourier | null {
  const name = normalise(courier);
  return name === '' ? null : (TRACKING_COURIERS.find((c) => matches(c, name)) ?? null);
}

/** The public tracking page of the resi at its courier, or null (unknown courier, no resi). */
export function trackingUrl(courier: string, resi: string | null): string | null {
  // An older resi may hold spaces (stored before normalizeResi): the courier's page knows it without.
  const bare = normalizeResi(resi ?? '');
  if (bare === '') return null;
  const found = trackingCourierOf(courier);
  return found ? found.url(encodeURIComponent(bare)) : null;
}
