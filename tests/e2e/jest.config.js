/** Browser journeys: the embedded shop in-process, driven by Debian's Chromium through playwright-core. */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  ...require('../../jest.transform'),
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  globalSetup: '<rootDir>/tests/e2e/global-setup.js',
  globalTeardown: '<rootDir>/tests/e2e/global-teardown.js',
  testTimeout: 120000,
};
