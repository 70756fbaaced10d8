import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { dropLeftoverDatabases, isLeftover, leftoverTag } from './testing';

/**
 * A test run that is killed never runs its cleanup: its databases stay on the server. Each database
 * (and virtual host) a run makes names the machine and process that made it, and the next run drops
 * those of processes of this machine that are gone, and nothing else.
 */
const goneProcess = () => spawnSync(process.execPath, ['-e', '']).pid;
const otherMachine = (pid: number) => leftoverTag(pid).replace(/^m[0-9a-f]{6}/, (own) => (own === 'm000000' ? 'm111111' : 'm000000'));

describe('which names are a killed run’s', () => {
  test('made by a process of this machine that is gone: yes; by this one, another machine’s, or unmarked: no', () => {
    expect(isLeftover(`shop_test_ab12_${leftoverTag(goneProcess())}`)).toBe(true);
    expect(isLeftover(`shop_sys_ab12_${leftoverTag(goneProcess())}_catalog`)).toBe(true);
    expect(isLeftover(`shop_test_ab12_${leftoverTag()}`)).toBe(false);
    expect(isLeftover(`shop_test_ab12_${otherMachine(goneProcess())}`)).toBe(false);
    expect(isLeftover('shop_test_ab12')).toBe(false);
  });
});

(process.platform === 'linux' ? test : test.skip)('a process killed but not yet reaped by its parent (a zombie) is gone too', async () => {
  // The shell starts a child that ends at once, then becomes a `sleep` that never reaps it.
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 10'], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
    const state = () => / (\S) /.exec(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\)/s, ')'))?.[1];
    for (let i = 0; i < 100 && state() !== 'Z'; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state()).toBe('Z');
    expect(isLeftover(`shop_test_ab12_${leftoverTag(pid)}`)).toBe(true);
  } finally {
    parent.kill();
  }
});

const base = process.env.DATABASE_URL;
(base ? describe : describe.skip)('dropping what killed runs left on PostgreSQL', () => {
  // Named apart from the shop's test databases, so another Jest worker's sweep never touches them.
  const prefix = `leftover_${randomBytes(4).toString('hex')}_`;
  const names = {
    gone: `${prefix}${leftoverTag(goneProcess())}`,
    running: `${prefix}${leftoverTag()}`,
    elsewhere: `${prefix}${otherMachine(goneProcess())}`,
    unmarked: `${prefix}unmarked`,
  };
  let admin: Client;
  const exists = async (name: string) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

  beforeAll(async () => {
    admin = new Client({ connectionString: base });
    await admin.connect();
    for (const name of Object.values(names)) await admin.query(`create database ${name}`);
  });
  afterAll(async () => {
    for (const name of Object.values(names)) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  test('drops the database of a process that is gone, and keeps a running one’s, another machine’s and an unmarked one', async () => {
    expect(await dropLeftoverDatabases(base!, prefix)).toEqual([names.gone]);
    expect(await exists(names.gone)).toBe(false);
    expect(await exists(names.running)).toBe(true);
    expect(await exists(names.elsewhere)).toBe(true);
    expect(await exists(names.unmarked)).toBe(true);
  });
});
