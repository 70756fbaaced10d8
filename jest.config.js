/** Unit and integration tests that live beside the code (services, gateway, contracts). */
const transform = { '^.+\\.tsx?$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] };
module.exports = {
  testEnvironment: 'node',
  transform,
  roots: ['<rootDir>/proto-contracts', '<rootDir>/services', '<rootDir>/gateway', '<rootDir>/deploy'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 60000,
  moduleFileExtensions: ['ts', 'js', 'json', 'cjs', 'mjs'],
};
