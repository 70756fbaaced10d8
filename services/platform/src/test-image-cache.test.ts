import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachedBytes } from './test-image-cache';

describe('the test runs\' folder of images already made', () => {
  test('with a folder, a key is made once and answered from the folder after; without one, it is made every time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'image-cache-test-'));
    try {
      let made = 0;
      const make = async () => Buffer.from(`picture ${(made += 1)}`);
      expect((await cachedBytes('artwork:a', make, dir)).toString()).toBe('picture 1');
      expect((await cachedBytes('artwork:a', make, dir)).toString()).toBe('picture 1');
      expect((await cachedBytes('artwork:b', make, dir)).toString()).toBe('picture 2');
      expect(readdirSync(dir)).toHaveLength(2);
      expect((await cachedBytes('artwork:a', make, '')).toString()).toBe('picture 3');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
