import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// Dashboard accounts (issue 10): users, their memberships of stores, login sessions, and the
// single-use links (invitations, password resets). Tokens and session secrets are stored as
// SHA-256 hex only; a leaked table opens nothing. Same column types as 001.
export function accounts(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  const idType = dialect === 'sqlite' ? 'integer' : 'bigserial';
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey();

  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('users')
      .addColumn('id', idType, id)
      // Stored trimmed and lower-cased, so the unique constraint is case-insensitive.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // argon2id PHC string; null until an operator-made user opens their set-password link.
      .addColumn('password_hash', 'text')
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addUniqueConstraint('users_email', ['email'])
      .execute();

    await db.schema
      .createTable('memberships')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('integrations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('memberships_pk', ['tenant_id', 'user_id'])
      .addCheckConstraint('memberships_role_known', sqlRoleCheck())
      .execute();
    await db.schema.createIndex('memberships_user').on('memberships').columns(['user_id', 'tenant_id']).execute();

    await db.schema
      .createTable('sessions')
      // The public half of the cookie's `id.secret`: the primary-key lookup.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      // The selected store; every request checks the membership of it afresh.
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('last_seen_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id']).execute();
    await db.schema.createIndex('sessions_expires').on('sessions').columns(['expires_at']).execute();

    await db.schema
      .createTable('invitations')
      .addColumn('id', idType, id)
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('integrations', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      // Single use: set by the one UPDATE ... WHERE accepted_at IS NULL that wins.
      .addColumn('accepted_at', bigint)
      .addColumn('accepted_by', bigint, (c) => c.references('users.id'))
      .addColumn('revoked_at', bigint)
      .addUniqueConstraint('invitations_token_hash', ['token_hash'])
      .addCheckConstraint('invitations_role_known', sqlRoleCheck())
      .execute();
    await db.schema.createIndex('invitations_tenant').on('invitations').columns(['tenant_id', 'id']).execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', idType, id)
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .addColumn('used_at', bigint)
      .addUniqueConstraint('password_resets_token_hash', ['token_hash'])
      .execute();
    await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id']).execute();
  };
}

const sqlRoleCheck = () => sql`role in ('owner','admin','cs')`;
