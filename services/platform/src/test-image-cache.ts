import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A folder of images already made, for test runs only: the browser journeys start one shop per
 * file, and each would draw and encode the same demo pictures again (about a minute of CPU per
 * shop). When `SHOP_TEST_IMAGE_CACHE` names a folder (the journeys' global setup makes a fresh one
 * per run), `cachedBytes` answers what an earlier call with the same key made; otherwise it just
 * makes it. The key must say everything the bytes depend on.
 */
export async function cachedBytes(key: string, make: () => Promise<Buffer>, dir = process.env.SHOP_TEST_IMAGE_CACHE): Promise<Buffer> {
  if (!dir) return make();
  const file = join(dir, createHash('sha256').update(key).digest('hex'));
  try {
    return readFileSync(file);
  } catch {
    const bytes = await make();
    mkdirSync(dir, { recursive: true });
    // Written aside, then renamed: a reader never sees half a file.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temp, bytes);
    renameSync(temp, file);
    return bytes;
  }
}
