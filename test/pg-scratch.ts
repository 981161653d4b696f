// A scratch PostgreSQL database on a shared server (tests and `npm run bench -- --db
// postgres`): named per run, so other runs on the same server never collide; drop() removes it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function adminQuery<R extends pg.QueryResultRow>(adminUrl: string, text: string, values: unknown[] = []): Promise<R[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return (await admin.query<R>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    // Close every pool on the database first. pool.end() resolves before the server has let
    // go of the sessions; dropping with force while they linger would kill them and surface
    // as unhandled errors, so the drop waits (up to 2 s) for them to end.
    drop: async () => {
      for (let i = 0; i < 200; i++) {
        const [row] = await adminQuery<{ n: number }>(adminUrl, 'select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (row?.n === 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
