import { fetchWithTimeout } from './http';

export interface GraphQLErrorEntry {
  message?: string;
  extensions?: { code?: string } | null;
}

/** A GraphQL answer that carried errors; shaped like Apollo's CombinedGraphQLErrors (`errors`). */
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
 * One GraphQL operation over plain fetch (same origin, cookies, 10 s timeout), without Apollo or
 * a GraphQL parser. Used by what runs on every page before any feature loads (the session check,
 * logout, the token refresh) and by the shopper's browsing pages (Home, listings, search, product
 * detail), so the page a shopper lands on does not pay for the Apollo client.
 */
export async function graphqlRequest<TData>(
  operationName: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<TData> {
  const response = await fetchWithTimeout('/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    },
    body: JSON.stringify({ operationName, query, variables }),
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
