/**
 * How every jest configuration compiles code: TypeScript with SWC, and the few ESM-only packages the
 * services import (openid-client and its jose and oauth4webapi), the OpenAPI validator's ref parser
 * and the GraphQL type generator's auto-bind to CommonJS, since jest cannot require an ES module on
 * Node 20 (Node itself can, so the running shop imports them as they are).
 */
const esmOnlyPackages = ['openid-client', 'oauth4webapi', 'jose', '@apidevtools/json-schema-ref-parser', 'auto-bind'];
const swc = (syntax, extra = {}) => ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax } }, ...extra }];

module.exports = {
  transform: {
    '^.+\\.tsx?$': swc('typescript'),
    [`/node_modules/(${esmOnlyPackages.join('|')})/.+\\.js$`]: swc('ecmascript', { module: { type: 'commonjs' } }),
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
};
