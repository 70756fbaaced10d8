import { join } from 'node:path';
import { parse } from 'graphql';
import { subgraphSdl } from '@shop/proto-contracts';
import {
  commonSettings,
  createServiceApp,
  finishServiceApp,
  followAuthzEvents,
  mountSubgraph,
  prepareService,
  settings,
  type Runtime,
  type ServiceInstance,
} from '@shop/platform';

export const catalogSettings = { ...commonSettings, PORT: settings.port.default(4002) };

const typeDefs = parse(subgraphSdl('catalog'));

/** The catalog service: its REST routes, its GraphQL subgraph, its events. */
export async function createCatalogService(runtime: Runtime): Promise<ServiceInstance> {
  const app = createServiceApp(runtime);
  await mountSubgraph(app, {
    typeDefs,
    resolvers: { Query: { catalogStatus: () => 'ok' } },
    logger: runtime.logger,
    production: runtime.production,
  });
  finishServiceApp(app, runtime);
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  await followAuthzEvents(runtime);
  return { name: 'catalog', app, stop: running.stop };
}
