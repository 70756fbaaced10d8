// The journeys need the built SPA; build it once if it is missing or stale.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = async () => {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'deploy', 'embedded', 'build-web-if-needed.mjs')], { stdio: 'inherit' });
};
