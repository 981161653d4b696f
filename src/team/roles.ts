// What each role may do: the one table from roles to permissions (docs/dashboard.md lists it),
// here beside the team's routes, where roles are given. The permissions themselves (the names
// routes ask for) and the roles are lib/permissions.ts. The session check and /me reach
// this table through the AppContext (ctx.permissionsOf, wired in app.ts), because sessions/,
// dashboard/ and accounts/ stand below team/, whose routes are built on them.
import type { Role } from '../lib/db/schema.js';
import { PERMISSIONS, type Permission } from '../lib/permissions.js';

const ADMIN: readonly Permission[] = ['settings:manage', 'products:read', 'products:manage', 'transfers:manage', 'orders:all'];

/** The permissions of a membership: its role, and for an admin the integrations flag. */
export function permissionsOf(role: Role, integrations: boolean): Permission[] {
  switch (role) {
    case 'owner':
      return [...PERMISSIONS];
    case 'admin':
      return integrations ? [...ADMIN, 'integrations:manage'] : [...ADMIN];
    case 'cs':
      return ['products:read', 'orders:assigned'];
  }
}
