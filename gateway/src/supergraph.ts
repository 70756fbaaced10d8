import { composeServices } from '@apollo/composition';
import { parse, printSchema, type GraphQLSchema } from 'graphql';
import { subgraphSdl } from '@shop/proto-contracts';
import { serviceNames, type ServiceName } from './route-table';

function compose(urls: Record<ServiceName, string>) {
  const result = composeServices(
    serviceNames.map((name) => ({ name, url: `${urls[name]}/graphql`, typeDefs: parse(subgraphSdl(name)) })),
  );
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  }
  return result;
}

/**
 * Composes the supergraph from the SDL committed in proto-contracts, so the gateway starts (and
 * serves the healthy parts) even while a subgraph is down, and a composition error fails fast.
 */
export function composeSupergraph(urls: Record<ServiceName, string>): string {
  return compose(urls).supergraphSdl;
}

/** The schema callers see at /graphql: the composed supergraph's API schema (no federation directives). */
export function composedApiSchema(): GraphQLSchema {
  const urls = Object.fromEntries(serviceNames.map((name) => [name, `http://${name}`])) as Record<ServiceName, string>;
  return compose(urls).schema.toAPISchema().toGraphQLJSSchema();
}

/** The API schema as SDL, what the web's GraphQL types are generated from (decision 0084). */
export function composedApiSdl(): string {
  return `${printSchema(composedApiSchema())}\n`;
}
