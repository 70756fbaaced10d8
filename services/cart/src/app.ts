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

export const cartSettings = { ...commonSettings, PORT: settings.port.default(4003) };

const typeDefs = parse(subgraphSdl('cart'));

/** The cart service: its REST routes, its GraphQL subgraph, its events. */
export async function createCartService(runtime: Runtime): Promise<ServiceInstance> {
  const app = createServiceApp(runtime);
  await mountSubgraph(app, {
    typeDefs,
    resolvers: { Query: { cartStatus: () => 'ok' } },
    logger: runtime.logger,
    production: runtime.production,
  });
  finishServiceApp(app, runtime);
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  await followAuthzEvents(runtime);
  return { name: 'cart', app, stop: running.stop };
}
