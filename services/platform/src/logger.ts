import pino from 'pino';
import { currentContext } from './request-context';

export type Logger = pino.Logger;

/** Paths that must never reach a log line. */
const redact = [
  'password', '*.password', 'newPassword', '*.newPassword', 'oldPassword', '*.oldPassword',
  'confirmPassword', '*.confirmPassword', 'passwordHash', '*.passwordHash', 'otp', '*.otp', 'token', '*.token',
  'accessToken', '*.accessToken', 'refreshToken', '*.refreshToken',
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie',
];

/** JSON logs; every line made inside a request carries its requestId. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: redact, censor: '[redacted]' },
    mixin() {
      const ctx = currentContext();
      return ctx ? { requestId: ctx.requestId } : {};
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
