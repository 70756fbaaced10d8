/**
 * Writes the partner client's types (tests/support/shop-api.types.ts) from the OpenAPI document the
 * gateway serves: `npm run generate:api-types` after a change to the route manifest (decision 0071).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildOpenApiDocument } from './openapi';

const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
try {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
  const out = join(__dirname, '../../tests/support/shop-api.types.ts');
  execFileSync(process.execPath, [join(dirname(require.resolve('openapi-typescript')), '../bin/cli.js'), file, '-o', out], { stdio: 'inherit' });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
