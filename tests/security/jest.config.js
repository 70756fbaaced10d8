/** Security suite: attacks the embedded shop started in production mode; no answer may be a 5xx. */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  ...require('../../jest.transform'),
  testMatch: ['<rootDir>/tests/security/**/*.test.ts'],
  // The product page test needs the built SPA (built once, as for the browser journeys).
  globalSetup: '<rootDir>/tests/e2e/global-setup.js',
  testTimeout: 120000,
};
