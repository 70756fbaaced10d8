import { z } from 'zod';

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const url = (protocols: string[]) =>
  z
    .string()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

const port = z.coerce.number().int().min(0).max(65535);

/** Settings every service understands. Each service extends this with its own. */
export const commonSettings = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  /** postgres://… — without it the service opens an embedded PGlite under DATA_DIR. */
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().default('./data'),
  /** amqp://… — without it events travel in-process (embedded mode only). */
  RABBITMQ_URL: url(['amqp:', 'amqps:']).optional(),
  /** redis://… — without it rate limits and session state live in memory. */
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** Prefix for Redis keys and RabbitMQ exchange/queue names (lets several shops share one broker). */
  NAMESPACE: z.string().regex(/^[a-z0-9_.-]*$/, 'only lower-case letters, digits, ".", "_" and "-"').default(''),
  /** PEM of the RS256 public key that verifies access tokens (required by runServiceMain). */
  JWT_PUBLIC_KEY: z.string().optional(),
  /**
   * Shared secret of service-to-service calls (the same value everywhere, gateway included): the
   * catalog's stock routes, media's internal images, and the gateway vouching for the caller's address.
   */
  INTERNAL_API_TOKEN: z.string().min(24, 'must be at least 24 characters long'),
};

export const settings = { url, port };

/** `${NAME}`, `${NAME:-default}`, `${NAME:?message}`…: shell/compose syntax nobody expanded. */
const UNEXPANDED_VARIABLE = /\$\{[A-Za-z_][A-Za-z0-9_]*(?:[:?+=-][^}]*)?\}/;

/**
 * Parses the environment against a schema shape; on failure lists every bad or missing setting
 * by name, so an operator can fix them all in one go.
 */
export function loadConfig<S extends z.ZodRawShape>(shape: S, env: Record<string, string | undefined> = process.env) {
  const cleaned: Record<string, string | undefined> = {};
  for (const key of Object.keys(shape)) {
    const v = env[key];
    cleaned[key] = v === '' ? undefined : v;
  }
  // A compose tool that does not expand `${PAYMENT_KEY_ID:-}` passes it literally; such a value
  // would be taken as a real key or password, so it is refused with the rest.
  const unexpanded = Object.entries(cleaned)
    .filter(([, v]) => v !== undefined && UNEXPANDED_VARIABLE.test(v))
    .map(([key]) => `${key}: looks like an unexpanded variable ("\${…}"): whatever started this process passed it literally`);
  const result = z.object(shape).safeParse(cleaned);
  if (!result.success || unexpanded.length) {
    throw new ConfigError([
      ...unexpanded,
      ...(result.success ? [] : result.error.issues)
        .filter((i) => !unexpanded.some((u) => u.startsWith(`${i.path.join('.')}:`)))
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message === 'Invalid input: expected string, received undefined' ? 'is required' : i.message}`),
    ]);
  }
  return result.data;
}

/** PEM keys are often passed in env with literal "\n"; accept both forms. */
export function readPem(value: string | undefined): string | undefined {
  return value?.replace(/\\n/g, '\n');
}
