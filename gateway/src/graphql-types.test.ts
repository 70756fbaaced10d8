import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { generateGraphqlTypes, graphqlTypesFiles } from './graphql-types';
import { isDocumentModule, webGraphqlDocuments, webSourceDir, webSourceFiles } from './web-graphql-documents';

// When one of these fails after a change to a subgraph's SDL or a web document: npm run generate:graphql-types
describe("the web's generated GraphQL types (decision 0084)", () => {
  let fresh: { sdl: string; types: string };
  beforeAll(async () => {
    fresh = await generateGraphqlTypes();
  }, 60_000);

  test('the committed composed schema is what the subgraphs compose to now', () => {
    expect(readFileSync(graphqlTypesFiles.sdl, 'utf8')).toBe(fresh.sdl);
  });

  test("the committed operation types are what the composed schema and the web's documents give now", () => {
    expect(readFileSync(graphqlTypesFiles.types, 'utf8')).toBe(fresh.types);
  });

  test('every operation the web sends is in a document module, so it has generated types', () => {
    const outside = webSourceFiles()
      .filter((path) => !isDocumentModule(path) && !path.endsWith('.generated.ts'))
      .filter((path) => /['"`]\s*(query|mutation)\s+[A-Z]\w*\s*[({]/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(webSourceDir, path));
    expect(outside).toEqual([]);
    expect(webGraphqlDocuments().length).toBeGreaterThan(90);
  });

  test('the web sends GraphQL with its own small client only (no Apollo Client)', () => {
    const apollo = webSourceFiles()
      .filter((path) => /from '@apollo\//.test(readFileSync(path, 'utf8')))
      .map((path) => relative(webSourceDir, path));
    expect(apollo).toEqual([]);
  });
});
