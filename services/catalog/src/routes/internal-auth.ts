import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { unauthenticated } from '@shop/platform';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Guards service-to-service routes with the shared INTERNAL_API_TOKEN (`Authorization: Bearer …`),
 * compared in constant time. These routes are never in the gateway's table.
 */
export function requireInternalToken(token: string): RequestHandler {
  const expected = digest(token);
  return (req, _res, next) => {
    const header = req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (given && timingSafeEqual(digest(given), expected)) return next();
    next(unauthenticated('A valid internal token is required'));
  };
}
