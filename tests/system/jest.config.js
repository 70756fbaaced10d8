/** Multi-process tests: every service and the gateway as separate processes on real infrastructure. */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testMatch: ['<rootDir>/tests/system/**/*.test.ts'],
  testTimeout: 120000,
};
