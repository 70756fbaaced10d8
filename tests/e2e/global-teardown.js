// Removes the run's folder of demo pictures (made by global-setup.js).
const { rmSync } = require('node:fs');

module.exports = async () => {
  const dir = process.env.SHOP_TEST_IMAGE_CACHE;
  if (dir && /shop-e2e-images-/.test(dir)) rmSync(dir, { recursive: true, force: true });
};
