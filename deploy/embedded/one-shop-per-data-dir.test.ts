import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runningShopOn } from './backup';
import { startEmbedded } from './main';

/**
 * PGlite has no lock of its own (decision 0101): a shop refuses a DATA_DIR whose ops file names
 * another live shop, and a file a crashed shop left behind does not count.
 */
describe('one shop per DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-one-'));
  let other: ChildProcess;
  let channel: Server;

  beforeAll(async () => {
    // Another process, and something listening where its ops file says.
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    channel = createServer((_req, res) => res.writeHead(401).end());
    await new Promise<void>((done) => channel.listen(0, '127.0.0.1', () => done()));
    mkdirSync(join(dataDir, 'keys'), { recursive: true });
  });

  afterAll(async () => {
    other.kill();
    await new Promise<void>((done) => channel.close(() => done()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const announce = (port: number, pid: number) => writeFileSync(join(dataDir, 'keys', 'ops.json'), JSON.stringify({ port, token: 'x', pid }));

  test('a shop does not start on a DATA_DIR another shop runs on', async () => {
    announce((channel.address() as AddressInfo).port, other.pid!);
    await expect(startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' })).rejects.toThrow(`DATA_DIR: the shop in process ${other.pid} runs on ${dataDir}; stop it first (one shop per DATA_DIR)`);
  });

  test('a file left by a crashed shop does not count: its process is gone, or nothing listens on its port', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', () => done()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    announce(closedPort, other.pid!);
    expect(await runningShopOn(dataDir)).toBeUndefined();
    const gone = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((done) => gone.on('exit', done));
    announce((channel.address() as AddressInfo).port, gone.pid!);
    expect(await runningShopOn(dataDir)).toBeUndefined();
    announce((channel.address() as AddressInfo).port, other.pid!);
    expect(await runningShopOn(dataDir)).toBe(other.pid);
  });
});
