import pino from 'pino';
import { currentContext } from './request-context';
import { currentTraceId } from './telemetry/tracing';

export type Logger = pino.Logger;

/** Paths that must never reach a log line. */
const redact = [
  'password', '*.password', 'newPassword', '*.newPassword', 'oldPassword', '*.oldPassword',
  'confirmPassword', '*.confirmPassword', 'passwordHash', '*.passwordHash', 'otp', '*.otp', 'token', '*.token',
  'accessToken', '*.accessToken', 'refreshToken', '*.refreshToken',
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
];

/**
 * Pretty lines for a developer at a terminal; JSON lines everywhere else (pipes, containers,
 * files, production), which is what log collectors read.
 */
export function wantsPrettyLogs(env: Record<string, string | undefined> = process.env, isTTY = Boolean(process.stdout.isTTY)): boolean {
  return isTTY && (env.NODE_ENV ?? 'development') === 'development';
}

/**
 * Every line made inside a request carries its requestId and, when tracing is on, the trace_id
 * of the request's trace, so a log line leads to its trace and back.
 */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info', pretty = wantsPrettyLogs(), destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service },
    redact: { paths: redact, censor: '[redacted]' },
    mixin() {
      const ctx = currentContext();
      const traceId = currentTraceId();
      return { ...(ctx ? { requestId: ctx.requestId } : {}), ...(traceId ? { trace_id: traceId } : {}) };
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (!pretty) return destination ? pino(options, destination) : pino(options);
  // Loaded only for a terminal; synchronous, so no worker thread is started.
  const pinoPretty = require('pino-pretty') as typeof import('pino-pretty');
  return pino(options, pinoPretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }));
}
