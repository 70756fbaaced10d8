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

export const orderSettings = { ...commonSettings, PORT: settings.port.default(4004) };

const typeDefs = parse(subgraphSdl('order'));

/** The order service: its REST routes, its GraphQL subgraph, its events. */
export async function createOrderService(runtime: Runtime): Promise<ServiceInstance> {
  const app = createServiceApp(runtime);
  await mountSubgraph(app, {
    typeDefs,
    resolvers: { Query: { orderStatus: () => 'ok' } },
    logger: runtime.logger,
    production: runtime.production,
  });
  finishServiceApp(app, runtime);
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  await followAuthzEvents(runtime);
  return { name: 'order', app, stop: running.stop };
}
