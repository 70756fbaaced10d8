// The journeys need the built SPA; build it once if it is missing or stale. Each journey's shop
// draws and encodes the same demo pictures: one fresh folder per run keeps them (SHOP_TEST_IMAGE_CACHE).
const { execFileSync } = require('node:child_process');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'deploy', 'embedded', 'build-web-if-needed.mjs')], { stdio: 'inherit' });
  if (!process.env.SHOP_TEST_IMAGE_CACHE) process.env.SHOP_TEST_IMAGE_CACHE = mkdtempSync(join(tmpdir(), 'shop-e2e-images-'));
};
