import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStore } from './local-disk-store';

const id = 'ab'.repeat(16);
let root: string;
let store: LocalDiskStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'media-store-'));
  store = new LocalDiskStore(join(root, 'media'));
  await store.init();
});
afterEach(() => rm(root, { recursive: true, force: true }));

test('returns what was put, with its size, and nothing for what was not', async () => {
  await store.put(id, 'card', Buffer.from('card bytes'));
  const got = await store.get(id, 'card');
  expect(got?.size).toBe(10);
  expect(Buffer.concat(await got!.stream.toArray()).toString()).toBe('card bytes');
  expect(await store.exists(id, 'card')).toBe(true);
  expect(await store.exists(id, 'detail')).toBe(false);
  expect(await store.get(id, 'detail')).toBeUndefined();
});

test('a second put replaces the entry whole and leaves no temporary files', async () => {
  await store.put(id, 'detail', Buffer.from('one'));
  await Promise.all([store.put(id, 'detail', Buffer.from('two')), store.put(id, 'detail', Buffer.from('two'))]);
  expect(await readdir(join(root, 'media', 'ab', id))).toEqual(['detail.webp']);
});

test.each([
  ['../../etc', 'card'],
  ['AB'.repeat(16), 'card'],
  [id, '../card'],
  [id, 'original'],
])('refuses the key %s/%s', async (badId, variant) => {
  await expect(store.put(badId, variant as 'card', Buffer.from('x'))).rejects.toThrow('Invalid media key');
  await expect(store.get(badId, variant as 'card')).rejects.toThrow('Invalid media key');
});
