// Builds the SPA when web/dist is missing or older than the web sources, so `npm start` on a fresh
// clone builds once and later starts are instant.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;
const web = join(root, 'web');
const built = join(web, 'dist', 'index.html');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(newest(join(web, 'src')), statSync(join(web, 'index.html')).mtimeMs, newest(join(root, 'proto-contracts', 'src')));
if (!existsSync(built) || statSync(built).mtimeMs < sources || process.env.FORCE_WEB_BUILD) {
  console.log('Building the web app…');
  // Always a production build: under Jest NODE_ENV is 'test', which would make Vite bundle
  // React's development build (three times the size, and slower) into web/dist, and that
  // build would then be served by `npm start` too.
  execSync('npm run build -w web', { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
}
