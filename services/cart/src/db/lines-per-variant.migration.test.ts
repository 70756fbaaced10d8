import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { runMigrations, type Runtime } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from '@shop/platform/src/testing';

// Migration 003 (decision 0062): the carts of a shop made before keep every line, each given an id,
// and then take a second colour of a product.
let env: TestEnvironment;
let runtime: Runtime;
const migrations = join(__dirname, 'migrations');
const before = mkdtempSync(join(tmpdir(), 'cart-migrations-'));

beforeAll(async () => {
  env = await createTestEnvironment();
  runtime = await createTestRuntime(env, 'cart');
  for (const file of ['001_init.sql', '002_color_thumbnails.sql']) copyFileSync(join(migrations, file), join(before, file));
});

afterAll(async () => {
  await env?.cleanup();
  rmSync(before, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => (await runtime.database.db.execute(query)).rows as T[];

test('every existing line survives with its own id, and a second colour of a product can then be added', async () => {
  expect(await runMigrations(runtime.database, 'cart', before)).toEqual(expect.arrayContaining(['001_init.sql', '002_color_thumbnails.sql']));
  const shirt = '11111111-1111-4111-8111-111111111111';
  const lamp = '22222222-2222-4222-8222-222222222222';
  await rows(sql`insert into cart.product_snapshots (product_id, name, price, old_price, sizes, colors, stock, stock_detail)
    values (${shirt}, 'Shirt', 49900, 59900, '["M","L"]', '["Olive","Navy Blue"]', 9, '{"M":4,"L":5}'),
           (${lamp}, 'Lamp', 99900, 99900, '[]', '[]', 3, '{}')`);
  await rows(sql`insert into cart.cart_lines (user_id, product_id, quantity, size, color)
    values ('u1', ${shirt}, 2, 'L', 'Olive'), ('u1', ${lamp}, 1, null, null), ('u2', ${shirt}, 1, 'M', 'Navy Blue')`);

  expect(await runMigrations(runtime.database, 'cart', migrations)).toEqual(['003_lines_per_variant.sql']);

  const kept = await rows<{ user_id: string; product_id: string; quantity: number; size: string | null; color: string | null; line_id: string }>(
    sql`select user_id, product_id, quantity, size, color, line_id from cart.cart_lines order by user_id, quantity desc`,
  );
  expect(kept.map(({ line_id: _id, ...line }) => line)).toEqual([
    { user_id: 'u1', product_id: shirt, quantity: 2, size: 'L', color: 'Olive' },
    { user_id: 'u1', product_id: lamp, quantity: 1, size: null, color: null },
    { user_id: 'u2', product_id: shirt, quantity: 1, size: 'M', color: 'Navy Blue' },
  ]);
  expect(new Set(kept.map((l) => l.line_id)).size).toBe(3);

  // A second colour is a second line; the same variant twice (null matching null) is refused.
  await rows(sql`insert into cart.cart_lines (user_id, product_id, quantity, size, color) values ('u1', ${shirt}, 1, 'L', 'Navy Blue')`);
  await expect(rows(sql`insert into cart.cart_lines (user_id, product_id, quantity, size, color) values ('u1', ${lamp}, 1, null, null)`)).rejects.toThrow();
  expect(await rows(sql`select 1 from cart.cart_lines where user_id = 'u1'`)).toHaveLength(3);
});
