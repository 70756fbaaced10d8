import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Client } from 'pg';
import { dropLeftoverDatabases, isLeftover, leftoverMark } from './testing';

/**
 * A test run that is killed never runs its cleanup: its databases stay on the server. Each database
 * a run makes is marked with the machine and process that made it, and the next run drops those of
 * processes of this machine that are gone, and nothing else.
 */
const goneProcess = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('which marks are a killed run’s', () => {
  test('a process of this machine that is gone: yes; this one, another machine’s, or no mark: no', () => {
    expect(isLeftover(`shop-test ${hostname()} ${goneProcess()}`)).toBe(true);
    expect(isLeftover(leftoverMark())).toBe(false);
    expect(isLeftover(`shop-test another-machine ${goneProcess()}`)).toBe(false);
    expect(isLeftover(null)).toBe(false);
    expect(isLeftover('a database someone described')).toBe(false);
  });
});

const base = process.env.DATABASE_URL;
(base ? describe : describe.skip)('dropping what killed runs left on PostgreSQL', () => {
  // Named apart from the shop's test databases, so another Jest worker's sweep never touches them.
  const prefix = `leftover_${randomBytes(4).toString('hex')}_`;
  const names = { gone: `${prefix}gone`, running: `${prefix}running`, unmarked: `${prefix}unmarked` };
  let admin: Client;
  const exists = async (name: string) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

  beforeAll(async () => {
    admin = new Client({ connectionString: base });
    await admin.connect();
    for (const name of Object.values(names)) await admin.query(`create database ${name}`);
    await admin.query(`comment on database ${names.gone} is 'shop-test ${hostname()} ${goneProcess()}'`);
    await admin.query(`comment on database ${names.running} is '${leftoverMark()}'`);
  });
  afterAll(async () => {
    for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  test('drops the database of a process that is gone, and keeps a running one’s and an unmarked one', async () => {
    const dropped = await dropLeftoverDatabases(base!, prefix);
    expect(dropped).toEqual([names.gone]);
    expect(await exists(names.gone)).toBe(false);
    expect(await exists(names.running)).toBe(true);
    expect(await exists(names.unmarked)).toBe(true);
  });
});
