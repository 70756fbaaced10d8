/**
 * Writes the composed GraphQL schema and the web's operation types (web/src/graphql/):
 * `npm run generate:graphql-types` after a change to a subgraph's SDL or to a web document (decision 0084).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generateGraphqlTypes, graphqlTypesFiles } from './graphql-types';

generateGraphqlTypes().then(
  ({ sdl, types }) => {
    mkdirSync(dirname(graphqlTypesFiles.types), { recursive: true });
    writeFileSync(graphqlTypesFiles.sdl, sdl);
    writeFileSync(graphqlTypesFiles.types, types);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
