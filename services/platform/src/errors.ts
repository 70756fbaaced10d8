import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError, type z } from 'zod';
import { messages, parseContract } from '@shop/proto-contracts';
import { isDatabaseUnavailable } from './db';
import { currentContext, pathOf } from './request-context';
import type { Logger } from './logger';

/** The small fixed set of failures a caller can cause; each maps to one HTTP status and GraphQL code. */
export type ErrorKind =
  | 'BAD_REQUEST'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

const statusOf: Record<ErrorKind, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** GraphQL extension codes, as the web client reads them. */
export const graphqlCodeOf: Record<ErrorKind, string> = {
  BAD_REQUEST: 'BAD_USER_INPUT',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** An expected failure with a message that is safe to show to the caller. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly status: number;
  constructor(kind: ErrorKind, message: string) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.status = statusOf[kind];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthenticated = (message: string = messages.loginRequired) => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message: string = messages.forbidden) => new AppError('FORBIDDEN', message);
export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** A dependency the request needs (mail server, another service) is down or not configured. */
export const serviceUnavailable = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);
export const tooManyRequests = (message: string = messages.tooManyRequests) => new AppError('TOO_MANY_REQUESTS', message);

/**
 * Parses a REST body, query or GraphQL arguments with a shared contract schema (`parseContract`:
 * unstorable text first, then the schema's own message); a refusal is a 400.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = parseContract(schema, value ?? {});
  if (!result.success) throw badRequest(result.message);
  return result.data;
}

/** The first zod issue, phrased for a person ("email: Invalid email address"). */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Turns anything thrown into an AppError, or undefined when it is an unexpected (5xx) failure. */
export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  // The database is restarting or out of reach: the caller may try again shortly (a 503, not a 500).
  if (isDatabaseUnavailable(err)) return serviceUnavailable(messages.upstreamDown);
  if (err instanceof ZodError) return badRequest(describeZodError(err));
  const e = err as { type?: string; status?: number; statusCode?: number; code?: string };
  if (e?.type === 'entity.parse.failed') return badRequest(messages.malformedJson);
  // Text PostgreSQL refuses (NUL, a lone surrogate) that reached a query without a contract schema.
  const pgCode = e?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  if (pgCode === '22021' || pgCode === '22P05') return badRequest(messages.invalidText);
  if (e?.type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', messages.bodyTooLarge);
  // A body sent as gzip or deflate that does not inflate: zlib's own wording ("incorrect header check") says nothing to the caller.
  if (typeof e?.code === 'string' && e.code.startsWith('Z_') && (e.status ?? e.statusCode) === 400) return badRequest(messages.bodyNotDecoded);
  if (e?.type === 'encoding.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', messages.encodingUnsupported);
  if (e?.type === 'charset.unsupported') return new AppError('UNSUPPORTED_MEDIA_TYPE', messages.charsetUnsupported);
  const status = e?.status ?? e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500 && err instanceof Error) {
    const kind = (Object.keys(statusOf) as ErrorKind[]).find((k) => statusOf[k] === status) ?? 'BAD_REQUEST';
    return new AppError(kind, status === 404 ? messages.notFound : err.message);
  }
  return undefined;
}

/** The one error handler: `{ success: false, message }`, never internals in a 5xx. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  // Only node:http's request and response: the gateway's API front answers its errors with it too.
  return (err, req, res, _next) => {
    const appError = toAppError(err);
    if (appError) {
      sendJson(res, appError.status, { success: false, message: appError.message });
      return;
    }
    logger.error({ err, requestId: currentContext()?.requestId, path: pathOf(req) }, 'unhandled error');
    sendJson(res, 500, { success: false, message: messages.internal });
  };
}

/** A JSON answer as Express's res.json makes it (no ETag), with node:http's response alone. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ success: false, message: `No route for ${req.method} ${req.path}` });
};
