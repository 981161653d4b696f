// Secrets at rest (gateway keys, webhook signing secrets): AES-256-GCM with a random 12-byte
// IV per value. A sealed value is one line of text,
//   sealed:v1:<key id>:<iv, base64url>:<ciphertext + 16-byte tag, base64url>
// so a reader knows it is sealed (the prefix) and which key sealed it (the key id: the first
// 6 bytes of SHA-256 of the key, in hex; it says nothing useful about the key). The
// additional data binds the value to its place ("table:column:tenant"), so a value copied
// into another store's row does not open. A Sealer seals with its current key and opens
// with any key it holds (the current one and, during a rotation, the old one).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { refuse, succeed, type Outcome } from '../outcome.js';

export const SEALED_PREFIX = 'sealed:v1:';
export const SECRET_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type OpenCode = 'secret_unreadable';

export interface Sealer {
  /** The id of the key new values are sealed with. */
  readonly keyId: string;
  seal(plain: string, binding: string): string;
  /** The plain text, or a refusal that says why it cannot be opened (never the value). */
  open(stored: string, binding: string): Outcome<string, OpenCode>;
  /** A keyed hash of `plain` for `purpose` (a buyer's IP kept only so: src/orders/risk/), base64url; changes with the key. */
  digest(plain: string, purpose: string): string;
}

export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest().subarray(0, 6).toString('hex');

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** The key id a sealed value names, or null when the value is not sealed. */
export function sealedKeyId(stored: string): string | null {
  if (!isSealed(stored)) return null;
  return stored.slice(SEALED_PREFIX.length).split(':')[0] ?? null;
}

/** A sealer over `current` (seals and opens) and `older` keys (open only). */
export function createSealer(current: Buffer, older: readonly Buffer[] = []): Sealer {
  for (const key of [current, ...older]) {
    if (key.length !== SECRET_KEY_BYTES) throw new Error(`a secret key must be ${SECRET_KEY_BYTES} bytes`);
  }
  const keyId = keyIdOf(current);
  const keys = new Map<string, Buffer>([...older.map((k) => [keyIdOf(k), k] as const), [keyId, current]]);
  return {
    keyId,
    seal(plain, binding) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(binding, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${SEALED_PREFIX}${keyId}:${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    digest(plain, purpose) {
      return createHmac('sha256', current).update(`${purpose}\u0000${plain}`, 'utf8').digest('base64url');
    },
    open(stored, binding) {
      if (!isSealed(stored)) return refuse('secret_unreadable', 'the stored secret is not sealed (run `lapak migrate` to seal existing secrets)');
      const [id, iv64, body64, ...rest] = stored.slice(SEALED_PREFIX.length).split(':');
      const key = id === undefined ? undefined : keys.get(id);
      if (!key) return refuse('secret_unreadable', `the stored secret was sealed with key ${id}, which LAPAK_SECRET_KEY is not`);
      const iv = Buffer.from(iv64 ?? '', 'base64url');
      const body = Buffer.from(body64 ?? '', 'base64url');
      if (rest.length > 0 || iv.length !== IV_BYTES || body.length < TAG_BYTES) return refuse('secret_unreadable', 'the stored secret is damaged');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(binding, 'utf8'));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
        return succeed(plain.toString('utf8'));
      } catch {
        return refuse('secret_unreadable', 'the stored secret does not open: it was changed or copied from another row');
      }
    },
  };
}

/**
 * A secret as a row holds it, with the place it is bound to: not a string, so that it
 * cannot be passed where the plain secret belongs without being opened.
 */
export interface StoredSecret {
  readonly stored: string;
  readonly binding: string;
}

export const openStored = (sealer: Sealer, secret: StoredSecret): Outcome<string, OpenCode> => sealer.open(secret.stored, secret.binding);
