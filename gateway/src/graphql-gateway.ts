import { ApolloGateway, RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { Kind, parse } from 'graphql';
import { messages, subgraphSdl } from '@shop/proto-contracts';
import { CACHE_TAGS_HEADER, currentContext, gatewayClientHeaders, REQUEST_ID_HEADER, type Logger } from '@shop/platform';
import { callerAddress } from './caller-address';
import { documentLimits, graphqlLimitsPlugin, limitValidationRules, type LimitPluginOptions } from './graphql-limits';
import { composeSupergraph } from './supergraph';
import { answerFromCache, MISSED_ON_FRONT, noteCacheTags, purgeAfterWrite, responseCacheMiddleware, type ResponseCache } from './response-cache';
import type { ServiceName } from './route-table';
import { subgraphFetcher } from './subgraph-fetch';

interface GatewayContext {
  req: Request;
  res: Response;
}

// The idempotency key of an order travels as placeOrder's argument (the one path the order service reads).
const FORWARDED_HEADERS = ['cookie', 'authorization', 'user-agent', 'accept-language'];

/** Forwards the caller's credentials to subgraphs and their Set-Cookie back to the caller. */
class CredentialForwardingDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  /** The services' shared secret, sent with the caller's address so they can believe it. */
  internalToken?: string;

  willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>) {
    const headers = options.request.http?.headers;
    const context = options.context as Partial<GatewayContext>;
    if (!headers || !context.req) return;
    for (const name of FORWARDED_HEADERS) {
      const value = context.req.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    if (this.internalToken) {
      for (const [name, value] of Object.entries(gatewayClientHeaders(this.internalToken, callerAddress(context.req)))) headers.set(name, value);
    }
    const requestId = currentContext()?.requestId;
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
  }

  didReceiveResponse({ response, context }: Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>['didReceiveResponse']>>[0]) {
    const headers = response.http?.headers as unknown as (Headers & { raw?: () => Record<string, string[]> }) | undefined;
    const cookies = headers?.getSetCookie?.() ?? headers?.raw?.()['set-cookie'] ?? [];
    if (cookies.length && context.res && !context.res.headersSent) context.res.append('Set-Cookie', cookies);
    if (context.res) noteCacheTags(context.res, headers?.get(CACHE_TAGS_HEADER));
    return response;
  }
}

const upstreamFailure = /ECONNREFUSED|ECONNRESET|fetch failed|socket hang up|ENOTFOUND|EHOSTUNREACH|aborted|timeout/i;

/** Federation 2 gateway over the subgraphs, mounted at /graphql. */
export async function createGraphQLGateway(opts: {
  urls: Record<ServiceName, string>;
  logger: Logger;
  production: boolean;
  timeoutMs: number;
  /** Stores answers Apollo marks `public` with a max-age (only catalog fields hinted so). */
  cache?: ResponseCache;
  internalToken?: string;
  /** Charges a request's extra root fields against the caller's per-client limit. */
  charge?: LimitPluginOptions['charge'];
}): Promise<{ router: Router; front?: RequestHandler[]; stop(): Promise<void> }> {
  const subgraphs = subgraphFetcher(opts.timeoutMs);
  // Apollo Gateway otherwise reports the machine (OS, CPUs, memory, uptime, cloud region) to
  // Apollo's servers every hour and when it stops (decision 0094). It reads the variable when it is
  // made; an operator who sets it, to anything, decides.
  process.env.APOLLO_TELEMETRY_DISABLED ??= 'true';
  const gateway = new ApolloGateway({
    supergraphSdl: composeSupergraph(opts.urls),
    buildService: ({ url }) => {
      const source = new CredentialForwardingDataSource({ url, fetcher: subgraphs.fetch as never });
      source.internalToken = opts.internalToken;
      return source;
    },
  });
  const server = new ApolloServer<GatewayContext>({
    gateway,
    introspection: !opts.production,
    // The process stops Apollo itself on SIGTERM; Apollo's own handler would re-send the signal,
    // which PID 1 in a container ignores (the gateway then hung until SIGKILL).
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: false,
    validationRules: limitValidationRules(),
    // Field suggestions ("Did you mean …?") map the schema for a caller without introspection.
    hideSchemaDetailsFromClientErrors: opts.production,
    plugins: [graphqlLimitsPlugin()],
    formatError(formatted) {
      const code = formatted.extensions?.code;
      // Never leak a subgraph's address or a network error's wording.
      if (upstreamFailure.test(formatted.message) || code === 'INTERNAL_SERVER_ERROR' && /subgraph|request to/i.test(formatted.message)) {
        opts.logger.warn({ message: formatted.message }, 'subgraph unreachable');
        const timedOut = /aborted|timeout/i.test(formatted.message);
        return {
          message: timedOut ? messages.upstreamTimeout : messages.upstreamDown,
          extensions: { code: timedOut ? 'GATEWAY_TIMEOUT' : 'SERVICE_UNAVAILABLE' },
          path: formatted.path,
        };
      }
      const { exception: _e, stacktrace: _s, serviceName: _n, ...extensions } = (formatted.extensions ?? {}) as Record<string, unknown>;
      return { ...formatted, extensions };
    },
  });
  await server.start();
  const router = express.Router();
  const cache = opts.cache;
  const cached = cache
    ? [
        responseCacheMiddleware(cache, graphqlCacheKey),
        (req: Request, res: Response, next: () => void) => {
          if (writesCatalog(req.body)) purgeAfterWrite(cache, res);
          next();
        },
      ]
    : [];
  const readBody = express.json({ limit: '200kb' });
  router.use(
    '/graphql',
    readBody,
    // Before the cache: a cached answer still counts every root field against the caller's limit.
    documentLimits(opts.charge),
    ...cached,
    expressMiddleware(server, { context: async ({ req, res }) => ({ req, res }) }),
  );
  return {
    router,
    // The API front's steps for a GraphQL POST (decision 0093): the same body reading and document
    // limits as above, then a stored answer; anything else goes on to Express (the steps above see
    // the body read and the limits checked, and do not do them again).
    front: cache
      ? [
          readBody,
          documentLimits(opts.charge),
          (req, res, next) => {
            const key = graphqlCacheKey(req);
            if (key !== undefined && answerFromCache(cache, key, req, res)) return;
            // Nothing stored: Express's cache step stores Apollo's answer under this key without looking again.
            if (key !== undefined) res.locals[MISSED_ON_FRONT] = key;
            next();
          },
        ]
      : undefined,
    async stop() {
      await server.stop();
      subgraphs.close();
    },
  };
}

/** One key per operation text, variables and name; undefined for what cannot be a query. */
export function graphqlCacheKey(req: Request): string | undefined {
  if (req.method === 'GET') return `GET ${req.originalUrl}`;
  const body = req.body as { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
  if (req.method !== 'POST' || !body || typeof body.query !== 'string' || Array.isArray(body)) return undefined;
  return `POST ${JSON.stringify([body.query, body.variables ?? null, body.operationName ?? null])}`;
}

/** The catalog subgraph's mutations: after one of them, cached catalog answers may be wrong. */
const catalogMutations: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  for (const def of parse(subgraphSdl('catalog')).definitions) {
    if ((def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && def.name.value === 'Mutation') {
      for (const field of def.fields ?? []) names.add(field.name.value);
    }
  }
  return names;
})();

/** Whether a GraphQL request is a mutation that calls one of the catalog's mutations. */
export function writesCatalog(body: unknown): boolean {
  const query = (body as { query?: unknown } | undefined)?.query;
  if (typeof query !== 'string' || !query.includes('mutation')) return false;
  try {
    return parse(query).definitions.some(
      (def) =>
        def.kind === Kind.OPERATION_DEFINITION &&
        def.operation === 'mutation' &&
        def.selectionSet.selections.some((sel) => sel.kind === Kind.FIELD && catalogMutations.has(sel.name.value)),
    );
  } catch {
    return false;
  }
}
