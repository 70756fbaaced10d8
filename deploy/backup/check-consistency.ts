/**
 * `npm run check:consistency [-- --dry-run] [--checkout-window-seconds N] [--json]`: the operator's
 * check after restoring the distributed shop's databases (README, "Backup and restore"; decision
 * 0102). It connects to the five databases as the launcher names them (DATABASE_URL's server,
 * DB_PREFIX), or to <SERVICE>_DATABASE_URL where set (databases on separate servers), lists what
 * crosses services and did not come back whole, and makes the safe repairs unless --dry-run.
 * Exit status: 0 when nothing is left for the operator, 1 when something is, 2 on bad settings.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createLogger, postgresDatabase, type Database } from '@shop/platform';
import { loadConfig, settings as s } from '@shop/platform/src/config';
import { DEFAULT_RESERVATION_TIMEOUT_MS } from '@shop/order/src/domain/pending-checkout.recovery';
import { serviceDatabaseUrl } from '../distributed/infrastructure';
import { checkConsistency, checkedServices, type CheckedService, type ServiceDatabases } from './consistency-check';

const settings = {
  DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  DB_PREFIX: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'only lower-case letters, digits and "_"').default('shop'),
  AUTH_DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  CATALOG_DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  CART_DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  ORDER_DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  MEDIA_DATABASE_URL: s.url(['postgres:', 'postgresql:']).optional(),
  RESERVATION_TIMEOUT_SECONDS: z.coerce.number().int().positive().optional(),
};

const fail = (message: string): never => {
  process.stderr.write(`${message}\nSee README.md, "Backup and restore".\n`);
  process.exit(2);
};

async function main() {
  let args: ReturnType<typeof parseArgs<{ options: { 'dry-run': { type: 'boolean' }; 'checkout-window-seconds': { type: 'string' }; json: { type: 'boolean' } } }>>;
  try {
    args = parseArgs({ options: { 'dry-run': { type: 'boolean' }, 'checkout-window-seconds': { type: 'string' }, json: { type: 'boolean' } } });
  } catch (err) {
    return fail((err as Error).message);
  }
  let config: ReturnType<typeof loadConfig<typeof settings>>;
  try {
    config = loadConfig(settings);
  } catch (err) {
    return fail((err as Error).message);
  }
  const window = args.values['checkout-window-seconds'];
  if (window !== undefined && !/^\d+$/.test(window)) fail('--checkout-window-seconds must be a whole number of seconds');
  const checkoutWindowMs = window !== undefined ? Number(window) * 1000 : config.RESERVATION_TIMEOUT_SECONDS ? config.RESERVATION_TIMEOUT_SECONDS * 1000 : DEFAULT_RESERVATION_TIMEOUT_MS;

  const urlOf = (service: CheckedService): string => {
    const own = config[`${service.toUpperCase()}_DATABASE_URL` as `${Uppercase<CheckedService>}_DATABASE_URL`];
    if (own) return own;
    if (!config.DATABASE_URL) return fail(`Set DATABASE_URL (with DB_PREFIX) or ${service.toUpperCase()}_DATABASE_URL.`);
    return serviceDatabaseUrl(config.DATABASE_URL, config.DB_PREFIX, service);
  };
  const urls = Object.fromEntries(checkedServices.map((service) => [service, urlOf(service)])) as Record<CheckedService, string>;
  const logger = createLogger('check-consistency', process.env.LOG_LEVEL ?? 'warn');
  const opened: Database[] = [];
  try {
    const dbs = {} as ServiceDatabases;
    for (const service of checkedServices) {
      const database = postgresDatabase(urls[service], { max: 2, logger });
      opened.push(database);
      dbs[service] = database.db;
    }
    const report = await checkConsistency(dbs, { repair: !args.values['dry-run'], now: new Date(), checkoutWindowMs, logger });
    const open = report.findings.filter((f) => !f.repaired);
    if (args.values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else {
      for (const f of report.findings) process.stdout.write(`${f.repaired ? 'repaired' : 'OPEN    '}  ${f.kind}  ${f.subject}: ${f.detail}\n`);
      process.stdout.write(
        `${report.findings.length} finding(s), ${report.findings.length - open.length} repaired, ${open.length} left for the operator; ` +
          `${report.waitingEvents} event(s) wait in the outboxes (each service's relay sends them when it runs)\n`,
      );
    }
    process.exitCode = open.length ? 1 : 0;
  } finally {
    await Promise.all(opened.map((d) => d.close()));
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
