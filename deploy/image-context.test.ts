import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import dockerignore from '@balena/dockerignore';

/**
 * What `docker build .` would send as context, judged with the same pattern rules Docker uses
 * (@balena/dockerignore implements moby's fileutils matching), over the repository's files plus
 * the secret and local files an operator's clone typically holds.
 */
const root = join(__dirname, '..');
const filter = dockerignore().add(readFileSync(join(root, '.dockerignore'), 'utf8').split('\n')).createFilter();
const inContext = (path: string) => filter(path);

const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

test('keys, .env, data and installed modules stay out of the image context', () => {
  const secretsAndLocal = [
    '.env',
    '.env.production',
    'jwt-private.pem',
    'jwt-public.pem',
    'deploy/jwt-private.pem',
    'data/keys/jwt-private.pem',
    'data/keys/internal-api-token',
    'data/pglite/base/1/1259',
    'data/media/ab/cd.webp',
    'keys/jwt-private.pem',
    'services/auth/data/auth-db/PG_VERSION',
    'node_modules/express/package.json',
    'services/platform/node_modules/prom-client/index.js',
    'web/node_modules/react/index.js',
    'web/dist/index.html',
    '.git/config',
    'npm-debug.log',
  ];
  expect(secretsAndLocal.filter(inContext)).toEqual([]);
});

test('everything the image build copies is in the context', () => {
  const needed = [
    'package.json',
    'package-lock.json',
    '.npmrc',
    'tsconfig.base.json',
    'tsconfig.json',
    'tests/package.json',
    'web/package.json',
    'web/index.html',
    'deploy/embedded/main.ts',
  ];
  expect(needed.filter((p) => !inContext(p))).toEqual([]);
  // Every tracked source file of the services, gateway, contracts and web (tests aside) is sent.
  const sources = tracked.filter((p) => /^(services|gateway|proto-contracts|web)\//.test(p) && !/\.test\.tsx?$/.test(p));
  expect(sources.length).toBeGreaterThan(100);
  expect(sources.filter((p) => !inContext(p))).toEqual([]);
});

test('no tracked file is a key or an environment file', () => {
  expect(tracked.filter((p) => /(^|\/)\.env($|\.(?!example$))|\.pem$|\.key$/.test(p))).toEqual([]);
});
