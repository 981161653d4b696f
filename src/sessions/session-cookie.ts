// The session cookie: HttpOnly, SameSite=Lax, Path=/; under an https PUBLIC_URL also Secure
// and the `__Host-` name prefix (the browser then refuses it from any other origin or path).
import { SESSION_TTL_MS } from './session-token.js';

export const sessionCookieName = (publicUrl: string): string =>
  publicUrl.startsWith('https:') ? '__Host-lapak_session' : 'lapak_session';

export function sessionCookie(publicUrl: string, token: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${sessionCookieName(publicUrl)}=${token}; Max-Age=${SESSION_TTL_MS / 1000}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedSessionCookie(publicUrl: string): string {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${sessionCookieName(publicUrl)}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The session token of a Cookie header, or null. */
export function readSessionCookie(header: string | undefined, publicUrl: string): string | null {
  if (!header) return null;
  const name = sessionCookieName(publicUrl);
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
