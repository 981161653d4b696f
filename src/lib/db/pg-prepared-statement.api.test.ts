// PreparedStatement: a named statement described once per connection, answering what pg's
// own Query answers for the same statement.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backend, freshDatabase } from '../../../test/helpers.js';
import { pgTypeParser } from './db.js';
import { PreparedStatement, type StatementResult, type TypeParser } from './pg-prepared-statement.js';

describe.skipIf(backend !== 'postgres')('PreparedStatement on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let client: pg.PoolClient;
  // bigint as a number, the rest as pg parses them: the server's own parsers.
  const typeParser = pgTypeParser as TypeParser;

  beforeAll(async () => {
    database = await freshDatabase();
    client = await database.handle.pool!.connect();
    await client.query('create temporary table things (id bigint primary key, name text, done boolean, at timestamptz, note text)');
    await client.query(`insert into things values (1, 'satu', true, '2026-11-23T10:00:00Z', null), (2, 'dua', false, '2026-11-23T11:00:00Z', 'x')`);
  });
  afterAll(async () => {
    client?.release();
    await database?.drop();
  });

  const run = (name: string, text: string, values: unknown[]) =>
    new Promise<StatementResult>((resolve, reject) => {
      const statement = new PreparedStatement(name, text, values, typeParser, (error, result) => (error ? reject(error) : resolve(result!)));
      client.query(statement);
    });
  const connection = () => (client as unknown as { connection: { describe(): void; parse(): void } }).connection;

  it('answers the rows pg answers, parsed by type, asking for the description only the first time', async () => {
    const text = 'select id, name, done, at, note from things where id >= $1 order by id';
    const expected = (await client.query({ text, values: [1] })).rows.map((row: Record<string, unknown>) => ({ ...row, id: Number(row.id) }));
    const describe = vi.spyOn(connection(), 'describe');
    const parse = vi.spyOn(connection(), 'parse');
    for (let i = 0; i < 3; i++) {
      const result = await run('things_from', text, [1]);
      expect(result.rows).toEqual(expected);
      expect(result).toMatchObject({ command: 'SELECT', rowCount: 2 });
    }
    expect(expected[0]).toEqual({ id: 1, name: 'satu', done: true, at: new Date('2026-11-23T10:00:00Z'), note: null });
    expect(describe).toHaveBeenCalledTimes(1);
    expect(parse).toHaveBeenCalledTimes(1);
    expect((await run('things_from', text, [2])).rows).toEqual([expected[1]]);
    expect(describe).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('a statement without rows answers its command and count, described or not', async () => {
    const text = 'update things set note = $1 where id = $2';
    for (const id of [1, 2, 3]) {
      expect(await run('things_note', text, ['y', id])).toEqual({ command: 'UPDATE', rowCount: id === 3 ? 0 : 1, rows: [] });
    }
  });

  it('a refused statement rejects with the database error and the connection serves the next', async () => {
    const text = 'select name from things where id = $1';
    await expect(run('things_name', text, ['satu'])).rejects.toMatchObject({ code: '22P02' });
    expect((await run('things_name', text, [2])).rows).toEqual([{ name: 'dua' }]);
    await expect(run('things_name', text, ['dua'])).rejects.toMatchObject({ code: '22P02' });
    expect((await run('things_name', text, [1])).rows).toEqual([{ name: 'satu' }]);
    await expect(run('things_broken', 'select nothing from things where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('a value that cannot be parsed fails the statement once the connection is free again', async () => {
    const failing = ((oid: number) => (oid === 25 ? () => { throw new Error('unparseable'); } : (v: string) => v)) as never;
    const result = new Promise<StatementResult>((resolve, reject) => {
      client.query(new PreparedStatement('things_text', 'select name from things where id = $1', [1], failing, (error, r) => (error ? reject(error) : resolve(r!))));
    });
    await expect(result).rejects.toThrow('unparseable');
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });
});
