/** Multi-process tests: every service and the gateway as separate processes on real infrastructure. */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  ...require('../../jest.transform'),
  testMatch: ['<rootDir>/tests/system/**/*.test.ts'],
  testTimeout: 120000,
};
