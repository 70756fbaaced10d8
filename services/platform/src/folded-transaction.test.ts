import { randomBytes } from 'node:crypto';
import { runInThisContext } from 'node:vm';
import { fixedStatement, foldedTransaction, onGenericPlan, openDatabase, type Database } from './db';

// On PostgreSQL (DATABASE_URL set, as in CI) both kinds of pool are checked: a pipelined one sends a
// batch in one write, another one statement after the other. On PGlite it is an ordinary
// transaction; the same promises hold.
const url = process.env.DATABASE_URL;
const kinds = url ? [{ pipelined: true }, { pipelined: false }] : [{ pipelined: false }];

describe.each(kinds)('foldedTransaction (pipelined: $pipelined)', ({ pipelined }) => {
  const schema = `folded_${randomBytes(4).toString('hex')}`;
  let database: Database;
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.message);
  // Node's own process (Jest's global `process` is a copy whose listeners Node's warnings never reach).
  const realProcess = runInThisContext('process') as NodeJS.Process;

  const insert = fixedStatement<{ id: number }>(`insert into ${schema}.things (id, label) values ($1, $2) returning id`);
  const count = fixedStatement<{ n: number }>(`select count(*)::int as n from ${schema}.things`);

  beforeAll(async () => {
    database = await openDatabase(url ? { url, pipelined } : {});
    await database.runScript(`create schema ${schema}; create table ${schema}.things (id int primary key, label text not null);`);
    realProcess.on('warning', onWarning);
  });
  afterAll(async () => {
    realProcess.off('warning', onWarning);
    await database.runScript(`drop schema ${schema} cascade`);
    await database.close();
  });
  beforeEach(() => database.runScript(`delete from ${schema}.things`));

  const stored = async () => (await count(database.db, []))[0]!.n;

  test('batches commit together and answer each statement’s rows in order', async () => {
    const answer = await foldedTransaction(database.db, async (f) => {
      const [a, b] = await f.send([
        [insert, [1, 'one']],
        [insert, [2, 'two']],
      ]);
      const [c, total] = await f.send(
        [
          [insert, [3, 'three']],
          [count, []],
        ],
        { commit: true },
      );
      return [a[0]!.id, b[0]!.id, c[0]!.id, total[0]!.n];
    });
    expect(answer).toEqual([1, 2, 3, 3]);
    expect(await stored()).toBe(3);
  });

  test('a failing statement in a batch fails the whole transaction: nothing it or an earlier batch wrote stays', async () => {
    const attempt = foldedTransaction(database.db, async (f) => {
      await f.send([[insert, [1, 'one']]]);
      await f.send(
        [
          [insert, [2, 'two']],
          [insert, [2, 'again']],
          [insert, [3, 'three']],
        ],
        { commit: true },
      );
    });
    // The unique violation itself (drizzle, on PGlite, wraps it as the cause).
    const err = (await attempt.catch((e: unknown) => e)) as { code?: string; cause?: { code?: string } };
    expect(err.code ?? err.cause?.code).toBe('23505');
    expect(await stored()).toBe(0);
    // The connection went back to the pool in a usable state.
    await foldedTransaction(database.db, (f) => f.send([[insert, [4, 'four']]], { commit: true }));
    expect(await stored()).toBe(1);
  });

  test('a failing statement in a batch that does not commit rolls back, and the connection is usable after', async () => {
    const attempt = foldedTransaction(database.db, async (f) => {
      await f.send([
        [insert, [1, 'one']],
        [insert, [1, 'again']],
      ]);
    });
    const err = (await attempt.catch((e: unknown) => e)) as { code?: string; cause?: { code?: string } };
    expect(err.code ?? err.cause?.code).toBe('23505');
    expect(await stored()).toBe(0);
    // Transactions after it run as usual: its connection went back to the pool outside any transaction.
    for (let i = 0; i < 12; i++) await foldedTransaction(database.db, (f) => f.send([[insert, [10 + i, 'x']]], { commit: true }));
    expect(await stored()).toBe(12);
  });

  test('a body that throws after its first batch rolls that batch back', async () => {
    const attempt = foldedTransaction(database.db, async (f) => {
      await f.send([[insert, [1, 'one']]]);
      throw new Error('changed my mind');
    });
    await expect(attempt).rejects.toThrow('changed my mind');
    expect(await stored()).toBe(0);
  });

  test('many transactions at once neither interleave nor make pg warn', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        foldedTransaction(database.db, (f) =>
          f.send(
            [
              [insert, [i * 2, 'a']],
              [insert, [i * 2 + 1, 'b']],
            ],
            { commit: true },
          ),
        ),
      ),
    );
    expect(await stored()).toBe(40);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.includes('already executing'))).toEqual([]);
  });

  test('onGenericPlan answers the statement’s rows on a generic plan, and the setting ends with it', async () => {
    const planMode = fixedStatement<{ mode: string; label: string }>(
      `select current_setting('plan_cache_mode') as mode, label from ${schema}.things where id = any($1::int[]) order by id`,
    );
    await foldedTransaction(database.db, (f) => f.send([[insert, [1, 'one']], [insert, [2, 'two']]], { commit: true }));
    // More at once than the pool holds connections, so each connection is used again after it.
    const answers = await Promise.all(Array.from({ length: 30 }, () => onGenericPlan(database.db, planMode, [[2, 1]])));
    for (const rows of answers) expect(rows).toEqual([{ mode: 'force_generic_plan', label: 'one' }, { mode: 'force_generic_plan', label: 'two' }]);
    const after = await Promise.all(Array.from({ length: 30 }, () => planMode(database.db, [[1]])));
    for (const rows of after) expect(rows).toEqual([{ mode: 'auto', label: 'one' }]);
  });
});
