import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The order service's entry point refuses to start half-configured, naming everything missing at once. */
test('started without CATALOG_URL, INTERNAL_API_TOKEN and JWT_PUBLIC_KEY, the order service exits naming all three', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Invalid configuration');
  for (const setting of ['CATALOG_URL: is required', 'INTERNAL_API_TOKEN: is required', 'JWT_PUBLIC_KEY: is required']) expect(run.stderr).toContain(setting);
});
