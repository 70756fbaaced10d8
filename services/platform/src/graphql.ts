import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';

/** Resolvers of a subgraph (Apollo's type, re-exported so services need not reach into dist/). */
export type SubgraphResolvers = GraphQLResolverMap<GraphQLContext>;
import type { Express, Request, Response } from 'express';
import express from 'express';
import { GraphQLError, type DocumentNode } from 'graphql';
import { messages } from '@shop/proto-contracts';
import type { Principal } from './auth';
import { graphqlCodeOf, toAppError } from './errors';
import type { Logger } from './logger';
import { currentContext } from './request-context';

export interface GraphQLContext {
  req: Request;
  res: Response;
  principal?: Principal;
  authError?: unknown;
  requestId?: string;
}

/** Maps domain errors to GraphQL errors with a code; unexpected ones are logged and hidden. */
export function formatGraphQLError(logger: Logger) {
  return (formatted: { message: string; extensions?: Record<string, unknown> }, error: unknown) => {
    const original = unwrapResolverError(error);
    const appError = toAppError(original);
    if (appError) {
      return { message: appError.message, extensions: { code: graphqlCodeOf[appError.kind], status: appError.status } };
    }
    const code = formatted.extensions?.code;
    if (code && code !== 'INTERNAL_SERVER_ERROR') return { message: formatted.message, extensions: { code } };
    logger.error({ err: original, requestId: currentContext()?.requestId }, 'graphql resolver failed');
    return { message: messages.internal, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  };
}

/** A resolver-side AppError thrown as a GraphQLError (for places that must throw GraphQLError). */
export function graphqlError(message: string, code: string) {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * Mounts an Apollo Federation 2 subgraph at /graphql. The context carries the principal that the
 * `authenticate` middleware resolved, and the response so resolvers can set cookies.
 */
export async function mountSubgraph(
  app: Express,
  opts: { typeDefs: DocumentNode; resolvers: SubgraphResolvers; logger: Logger; production: boolean; plugins?: ApolloServerPlugin<GraphQLContext>[] },
): Promise<ApolloServer<GraphQLContext>> {
  const server = new ApolloServer<GraphQLContext>({
    schema: buildSubgraphSchema([{ typeDefs: opts.typeDefs, resolvers: opts.resolvers }]),
    introspection: !opts.production,
    // The process stops Apollo itself on SIGTERM; Apollo's own handler would re-send the signal,
    // which PID 1 in a container ignores (the gateway then hung until SIGKILL).
    stopOnTerminationSignals: false,
    // No "Did you mean …?" in production: it maps the schema for a caller without introspection.
    hideSchemaDetailsFromClientErrors: opts.production,
    formatError: formatGraphQLError(opts.logger),
    includeStacktraceInErrorResponses: false,
    // No Apollo Studio here: inline tracing would only add bytes to every subgraph answer.
    plugins: [ApolloServerPluginInlineTraceDisabled(), ...(opts.plugins ?? [])],
  });
  await server.start();
  app.use(
    '/graphql',
    express.json({ limit: '200kb' }),
    expressMiddleware(server, {
      context: async ({ req, res }) => ({
        req,
        res,
        principal: req.principal,
        authError: (req as Request & { authError?: unknown }).authError,
        requestId: currentContext()?.requestId,
      }),
    }),
  );
  return server;
}
