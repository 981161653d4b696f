// The store's sender address, printed on its parcels' labels (issue 44 §1; docs/printing.md):
// one ordinary setting (`sender_address`, PATCH /dashboard/api/settings and `lapak store
// settings`), stored as JSON in store_settings.sender_address; null until the owner sets it.
import { Type } from 'typebox';
import { hasLetters, normalizeIndonesianPhone } from '../lib/phone.js';
import { PROVINCES } from './provinces.js';

export interface SenderAddress {
  name: string;
  /** International digits, 62... */
  phone: string;
  address: string;
  district: string;
  city: string;
  /** One of the 38 provinces. */
  province: string;
  /** Five digits. */
  postal_code: string;
}

/** Each field's longest text (the phone and the postal code have rules of their own). */
export const SENDER_MAX = { name: 100, address: 300, district: 100, city: 100 } as const;

export const SENDER_ADDRESS_PROBLEM =
  'sender_address must be null or {name, phone, address, district, city, province, postal_code}: name, district and city up to 100 characters, address up to 300, an Indonesian phone number, one of the 38 provinces, a 5-digit postal code';

/** Its contract (openapi/dashboard.json): the settings and what the print page prints. */
export const SenderAddressSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SENDER_MAX.name, pattern: '\\S' }),
    phone: Type.String({ maxLength: 30, description: 'Any written form of an Indonesian number; stored and answered as international digits, 62...' }),
    address: Type.String({ minLength: 1, maxLength: SENDER_MAX.address, pattern: '\\S', description: 'Street, number, RT/RW, village.' }),
    district: Type.String({ minLength: 1, maxLength: SENDER_MAX.district, pattern: '\\S', description: 'Kecamatan.' }),
    city: Type.String({ minLength: 1, maxLength: SENDER_MAX.city, pattern: '\\S', description: 'Kota or kabupaten.' }),
    province: Type.Union(PROVINCES.map((p) => Type.Literal(p)), { description: 'One of the 38 provinces.' }),
    postal_code: Type.String({ pattern: '^[0-9]{5}$' }),
  },
  { additionalProperties: false, description: "The sender on the store's labels (issue 44)." },
);

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' && v.trim().length <= max ? v.trim() : null);

/** The address as stored (trimmed, the phone normalised), or null when any field is wrong or missing. */
export function parseSenderAddress(value: unknown): SenderAddress | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const keys = ['name', 'phone', 'address', 'district', 'city', 'province', 'postal_code'];
  if (Object.keys(v).some((k) => !keys.includes(k))) return null;
  const phone = typeof v.phone === 'string' && !hasLetters(v.phone) ? normalizeIndonesianPhone(v.phone) : null;
  const province = typeof v.province === 'string' && (PROVINCES as readonly string[]).includes(v.province) ? v.province : null;
  const postal = typeof v.postal_code === 'string' && /^\d{5}$/.test(v.postal_code.trim()) ? v.postal_code.trim() : null;
  const address = {
    name: text(v.name, SENDER_MAX.name),
    phone,
    address: text(v.address, SENDER_MAX.address),
    district: text(v.district, SENDER_MAX.district),
    city: text(v.city, SENDER_MAX.city),
    province,
    postal_code: postal,
  };
  return Object.values(address).every((field) => field !== null) ? (address as SenderAddress) : null;
}

/** A stored address (the column's JSON), or null. */
export const storedSenderAddress = (json: string | null | undefined): SenderAddress | null => (json ? (JSON.parse(json) as SenderAddress) : null);
