import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { assertMediaKey, type MediaStore, type MediaVariant, type StoredMedia } from './media-store';

/**
 * A MediaStore on the local file system: `<root>/<id[0..2]>/<id>/<variant>.webp`. The two-letter
 * fan-out keeps directories small; writes go to a temporary file that is then renamed, so a
 * reader sees either nothing or the whole file.
 */
export class LocalDiskStore implements MediaStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Creates the root directory, so a misconfigured MEDIA_DIR fails at start, not at the first upload. */
  async init(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(id: string, variant: MediaVariant, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(id, variant);
    await mkdir(join(file, '..'), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  async get(id: string, variant: MediaVariant): Promise<StoredMedia | undefined> {
    const file = this.pathOf(id, variant);
    const size = await sizeOf(file);
    if (size === undefined) return undefined;
    return { stream: createReadStream(file), size };
  }

  async exists(id: string, variant: MediaVariant): Promise<boolean> {
    return (await sizeOf(this.pathOf(id, variant))) !== undefined;
  }

  private pathOf(id: string, variant: string): string {
    assertMediaKey(id, variant);
    return join(this.root, id.slice(0, 2), id, `${variant}.webp`);
  }
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw err;
  }
}
