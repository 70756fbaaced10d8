import type { GraphQLDocument, VariablesArgument } from './graphql-document';
import { fetchWithTimeout } from './http';

export interface GraphQLErrorEntry {
  message?: string;
  extensions?: { code?: string } | null;
}

/** A GraphQL answer that carried errors (`errors`, what lib/api-errors.ts reads codes and messages from). */
export class GraphQLResponseError extends Error {
  override name = 'GraphQLResponseError';
  /** `data` is what the server answered beside the errors (a partial result), if anything. */
  constructor(
    readonly errors: GraphQLErrorEntry[],
    readonly data: unknown = null,
  ) {
    super(errors.map((entry) => entry.message).join('\n') || 'GraphQL request failed');
  }
}

/**
 * One GraphQL operation over plain fetch (same origin, cookies, 10 s timeout), without a GraphQL
 * client library or parser: the web's only way to /graphql (decision 0084). Typed by the document's
 * generated answer and variables.
 */
export function graphqlRequest<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<TData> {
  return sendOperation(document, variables);
}

/** graphqlRequest with the variables as one argument, for the lib's own senders (the cache, the refresh). */
export async function sendOperation<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables | undefined,
): Promise<TData> {
  const { operationName, query } = document;
  const response = await fetchWithTimeout('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ operationName, query, variables: variables ?? {} }),
  });
  let body: { data?: TData | null; errors?: GraphQLErrorEntry[] } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    /* not JSON: handled below */
  }
  if (body.errors?.length) throw new GraphQLResponseError(body.errors, body.data ?? null);
  if (!response.ok || !body.data) {
    throw new GraphQLResponseError([
      { message: '', extensions: { code: response.status === 401 ? 'UNAUTHENTICATED' : 'HTTP_ERROR' } },
    ]);
  }
  return body.data;
}
