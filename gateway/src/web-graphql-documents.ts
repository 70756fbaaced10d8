import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Kind, parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';

/** The web app's source folder, whose documents these are. */
export const webSourceDir = join(__dirname, '../../web/src');

/** One operation the web app sends, as its document module exports it (web/src/lib/graphql-document.ts). */
export interface WebGraphqlDocument {
  /** The module, relative to web/src, and the export's name. */
  file: string;
  exportName: string;
  operationName: string;
  query: string;
  document: DocumentNode;
}

/** Modules that hold the web's GraphQL documents: `*-documents.ts` files. */
export function isDocumentModule(path: string): boolean {
  return path.endsWith('-documents.ts');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

/** Every web source file (.ts, .tsx), for checks that no document lives outside a document module. */
export function webSourceFiles(): string[] {
  return sourceFiles(webSourceDir).filter((path) => /\.tsx?$/.test(path));
}

/**
 * Every GraphQL operation the web app sends: the `graphqlDocument(...)` exports of its document
 * modules, evaluated (so selections shared as strings are in), in a stable order.
 */
export function webGraphqlDocuments(): WebGraphqlDocument[] {
  const documents: WebGraphqlDocument[] = [];
  for (const path of webSourceFiles().filter(isDocumentModule).sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      const candidate = value as { operationName?: unknown; query?: unknown } | null;
      if (!candidate || typeof candidate !== 'object' || typeof candidate.query !== 'string' || typeof candidate.operationName !== 'string') continue;
      const document = parse(candidate.query);
      const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      if (operation?.name?.value !== candidate.operationName) {
        throw new Error(`${relative(webSourceDir, path)} ${exportName}: declared as ${candidate.operationName} but the text names ${operation?.name?.value ?? 'no operation'}`);
      }
      documents.push({ file: relative(webSourceDir, path), exportName, operationName: candidate.operationName, query: candidate.query, document });
    }
  }
  return documents;
}
