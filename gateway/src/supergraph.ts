import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';
import { subgraphSdl } from '@shop/proto-contracts';
import { serviceNames, type ServiceName } from './route-table';

/**
 * Composes the supergraph from the SDL committed in proto-contracts, so the gateway starts (and
 * serves the healthy parts) even while a subgraph is down, and a composition error fails fast.
 */
export function composeSupergraph(urls: Record<ServiceName, string>): string {
  const result = composeServices(
    serviceNames.map((name) => ({ name, url: `${urls[name]}/graphql`, typeDefs: parse(subgraphSdl(name)) })),
  );
  if (result.errors) {
    throw new Error(`Supergraph composition failed:\n${result.errors.map((e) => e.message).join('\n')}`);
  }
  return result.supergraphSdl;
}
