import https from 'node:https';
import { createLogger } from '@shop/platform';
import { createGraphQLGateway } from './graphql-gateway';
import { serviceNames, type ServiceName } from './route-table';

/**
 * Apollo Gateway reports the machine it runs on (OS, CPUs, memory, uptime, cloud region) to
 * Apollo's servers every hour and when it stops, unless told not to. The shop's gateway sends
 * nothing to a third party its operator did not choose (decision 0094).
 */
test('the GraphQL gateway sends no report to Apollo when it starts or stops', async () => {
  const hosts: string[] = [];
  const request = https.request;
  https.request = ((...args: Parameters<typeof https.request>) => {
    const target = args[0] as string | URL | https.RequestOptions;
    hosts.push(typeof target === 'string' || target instanceof URL ? new URL(target).hostname : String(target.hostname ?? target.host));
    return request(...args);
  }) as typeof https.request;
  try {
    const urls = Object.fromEntries(serviceNames.map((name) => [name, 'http://127.0.0.1:9'])) as Record<ServiceName, string>;
    const graphql = await createGraphQLGateway({ urls, logger: createLogger('third-parties-test', 'silent'), production: true, timeoutMs: 1000 });
    await graphql.stop();
  } finally {
    https.request = request;
  }
  expect(hosts).toEqual([]);
});
