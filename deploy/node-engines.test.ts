import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// semver 6 has no types of its own here; only satisfies() is needed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { satisfies } = require('semver') as { satisfies(version: string, range: string): boolean };

/**
 * The README and the image say Node 20 (20.19 at least): no installed package may say it needs a
 * newer one (npm only warns, EBADENGINE, and such a package may then fail at run time).
 */
const root = join(__dirname, '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> };
const stated = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;

test('the README, the Dockerfile and package.json state the same Node', () => {
  expect(stated).toBe('>=20.19');
  expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('Node.js 20.19 or newer');
  expect(readFileSync(join(root, 'deploy/Dockerfile'), 'utf8')).toMatch(/^FROM node:20-bookworm-slim/m);
});

test('every package in the lockfile accepts Node 20.19 and the Node running the tests', () => {
  const refusing = Object.entries(lock.packages)
    .filter(([path, p]) => path && p.engines && !Array.isArray(p.engines) && p.engines.node)
    .filter(([, p]) => !['20.19.0', process.version.slice(1)].every((v) => satisfies(v, (p.engines as { node: string }).node)))
    .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`);
  expect(refusing).toEqual([]);
});
