import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../../db/client.ts';
import type { TestUser } from '../../../../test/helpers/factories.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import type { TestApp } from '../../../../test/helpers/test-app.ts';

/** Test helpers of the account deletion suite. */

/** A small valid JPEG. */
export const jpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40, g: 140, b: 90 } } })
    .jpeg()
    .toBuffer();

/** POSTs a multipart upload as `user`; throws unless 200. */
export async function upload(t: TestApp, user: TestUser, url: string): Promise<unknown> {
  const res = await t.request({
    method: 'POST',
    url,
    token: user.accessToken,
    ...multipartBody([{ field: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await jpeg() }]),
  });
  if (res.statusCode !== 200) throw new Error(`upload ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Every file under the local storage root, as keys relative to it. */
export function storedKeys(t: TestApp): string[] {
  const root = join(t.config.dataDir, 'uploads');
  const walk = (dir: string, prefix: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name), `${prefix}${entry.name}/`)
        : [`${prefix}${entry.name}`],
    );
  try {
    return walk(root, '');
  } catch {
    return [];
  }
}

/** One place where a value was found: table, column and how many rows. */
export interface Trace {
  table: string;
  column: string;
  rows: number;
}

/**
 * Looks in EVERY table of the public schema (read from information_schema, not from our table
 * list): uuid columns for `id`, text-like columns for any of `words` (case-insensitively).
 */
export async function tracesOf(t: TestApp, id: string, words: readonly string[]): Promise<Trace[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    t.database.db,
    sql`select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' order by table_name, column_name`,
  );
  const traces: Trace[] = [];
  for (const column of columns) {
    const ident = sql.raw(`"${column.table_name}"."${column.column_name}"`);
    const from = sql.raw(`"${column.table_name}"`);
    let where;
    if (column.data_type === 'uuid') where = sql`${ident} = ${id}::uuid`;
    else if (column.data_type === 'ARRAY') where = sql`${ident}::text ilike ${`%${id}%`}`;
    else if (['text', 'character varying', 'json', 'jsonb'].includes(column.data_type)) {
      where = sql.join(
        [id, ...words].map((word) => sql`${ident}::text ilike ${`%${word}%`}`),
        sql` or `,
      );
    } else continue;
    const [row] = await queryRows<{ n: number | string }>(
      t.database.db,
      sql`select count(*) as n from ${from} where ${where}`,
    );
    const rows = Number(row?.n ?? 0);
    if (rows > 0) traces.push({ table: column.table_name, column: column.column_name, rows });
  }
  return traces;
}

/** The public tables (the suite proves it looked at more than a handful). */
export async function publicTables(t: TestApp): Promise<string[]> {
  const rows = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return rows.map((row) => row.table_name);
}
