/** Unit and integration tests that live beside the code (services, gateway, contracts). */
const { transform, transformIgnorePatterns } = require('./jest.transform');
module.exports = {
  testEnvironment: 'node',
  transform,
  transformIgnorePatterns,
  roots: ['<rootDir>/proto-contracts', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/deploy'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 60000,
  moduleFileExtensions: ['ts', 'js', 'json', 'cjs', 'mjs'],
};
