// The permissions a session route may ask for, and the roles of a membership. Every session
// route names the permission it needs; requireSession checks it against the member's current
// role on every request, through the role table (what each role may do: team/roles.ts, handed to
// sessions/ and accounts/ as the AppContext's permissionsOf). A permission is a capability, not a
// screen: the next issues add routes under the permissions already named here. The names stand
// in lib/, beside the roles (db/schema.ts), because nearly every floor names them: the dashboard's
// routes, the sessions, the features' scopes, and the AppContext's role table.
import type { Role } from './db/schema.js';

export const PERMISSIONS = [
  /** Invite, list and revoke invitations; change roles; remove members; reset their passwords. */
  'team:manage',
  /** API keys and webhooks (SPEC: "an owner or an admin with integration-settings permission"). */
  'integrations:manage',
  /** Store settings: payment, shipping rates, WhatsApp, thank-you page. */
  'settings:manage',
  /** Bank accounts, gateway credentials and the unique-code switch: the owner only, with the password again. */
  'settings:sensitive',
  /** Products: read the catalogue (every member: CS answers buyers about it). */
  'products:read',
  /** Products: create, edit, duplicate, delete. */
  'products:manage',
  /** Bank statements: upload, match transfers to orders, mark the matched ones paid. */
  'transfers:manage',
  /** Every order of the store: read, change status, assign. */
  'orders:all',
  /** Only the orders assigned to the member (CS): read and work them. The route passes the data scope. */
  'orders:assigned',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['owner', 'admin', 'cs'] as const satisfies readonly Role[];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The role table's shape: the permissions of a membership from its role and, for an admin, the integrations flag. */
export type PermissionsOf = (role: Role, integrations: boolean) => Permission[];
