import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { AppError, badRequest, unauthenticated, type Runtime } from '@shop/platform';
import type { ImageProcessor } from '../domain/image-processor';
import type { MediaStore } from '../domain/media-store';
import { storeUploadedImage } from '../domain/store-uploaded-image';
import { MAX_UPLOAD_BYTES, uploadMessages, uploadResponse } from './upload.routes';

export const internalImageMessages = {
  badToken: 'A valid internal API token is required',
  rawBodyRequired: 'Send the image bytes as the body, with Content-Type image/png (or jpeg, gif, webp)',
} as const;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` compared in constant time (on digests, so lengths leak nothing). */
function requireInternalToken(token: string): RequestHandler {
  const expected = digest(token);
  return (req, _res, next) => {
    const header = req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!given || !timingSafeEqual(digest(given), expected)) return next(unauthenticated(internalImageMessages.badToken));
    next();
  };
}

/**
 * POST /internal/v1/images: for other services (the catalog's demo artwork), never routed by the
 * gateway. The raw image bytes are the body; the same checks and processing as an upload, the
 * same JSON answer. Mounted only when the service has an internal token (otherwise a 404).
 */
export function mountInternalImageRoutes(
  app: Express,
  deps: { runtime: Runtime; store: MediaStore; processor: ImageProcessor; publicBase: string; token: string },
) {
  const { runtime, store, processor, publicBase } = deps;
  app.post(
    '/internal/v1/images',
    requireInternalToken(deps.token),
    express.raw({ type: ['image/*', 'application/octet-stream'], limit: MAX_UPLOAD_BYTES }),
    async (req, res) => {
      const bytes: unknown = req.body;
      if (!Buffer.isBuffer(bytes)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', internalImageMessages.rawBodyRequired);
      if (bytes.length === 0) throw badRequest(uploadMessages.noFile);
      const result = await storeUploadedImage({ store, processor }, bytes);
      if (!result.ok) {
        runtime.logger.debug({ reason: result.reason, cause: result.cause, size: bytes.length }, 'internal image refused');
        if (result.reason === 'too-many-pixels') throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyPixels);
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unsupported);
      }
      res.status(201).json(uploadResponse(result.image, publicBase));
    },
  );
}
