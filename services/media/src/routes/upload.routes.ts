import { Router, type Express, type RequestHandler } from 'express';
import multer from 'multer';
import { AppError, badRequest, forbidden, registerRoute, type Runtime } from '@shop/platform';
import { uploadPurposeMessage, type Role, type UploadPurpose } from '@shop/proto-contracts';
import { mediaManifest as routes } from '@shop/proto-contracts/routes';
import type { ImageProcessor } from '../domain/image-processor';
import type { MediaStore } from '../domain/media-store';
import { storeUploadedImage, type StoredImage } from '../domain/store-uploaded-image';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const uploadMessages = {
  tooLarge: 'File is too large. The maximum size is 10MB.',
  unsupported: 'Only PNG, JPEG, GIF and WebP images are allowed.',
  noFile: 'Please choose an image to upload',
  tooManyPixels: 'The image is too large. The maximum is 50 megapixels.',
  oneFile: "Send one image per request, in the form field 'file'.",
  badPurpose: uploadPurposeMessage,
  unreadable: 'The upload could not be read. Please try again.',
  tooManyUploads: 'Too many uploads, please try again later.',
} as const;

/** Who may upload for what: anyone logged in for their avatar, staff for product images. */
const rolesByPurpose: Record<UploadPurpose, Role[] | 'any'> = { avatar: 'any', product: ['admin', 'emp'] };

const parseUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
}).single('file');

/** multer, with its failures (size, extra files, broken multipart) turned into 4xx answers. */
const receiveUpload: RequestHandler = (req, res, next) => {
  parseUpload(req, res, (err?: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooLarge));
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') return next(badRequest(uploadMessages.oneFile));
      return next(badRequest(uploadMessages.unreadable));
    }
    // busboy's own errors ("Unexpected end of form", "Malformed part header", a missing boundary).
    next(badRequest(uploadMessages.unreadable));
  });
};

export interface UploadResponse {
  success: true;
  secure_url: string;
  url: string;
  id: string;
  width: number;
  height: number;
  variants: { card: string; detail: string };
}

export function uploadResponse(image: StoredImage, publicBase: string): UploadResponse {
  const card = `${publicBase}/${image.id}/card.webp`;
  const detail = `${publicBase}/${image.id}/detail.webp`;
  return { success: true, secure_url: detail, url: detail, id: image.id, width: image.width, height: image.height, variants: { card, detail } };
}

/** POST /api/v1/upload: multipart field `file` (+ `purpose`, declared in the manifest), answered with the stored image's URLs. */
export function mountUploadRoutes(app: Express, deps: { runtime: Runtime; store: MediaStore; processor: ImageProcessor; publicBase: string }) {
  const { runtime, store, processor, publicBase } = deps;
  const uploadLimit = runtime.rateLimiter.middleware({
    name: 'upload',
    limit: 120,
    windowMs: 10 * 60_000,
    message: uploadMessages.tooManyUploads,
    key: (req) => req.principal!.userId,
  });

  // Login (the manifest's access) and the rate limit come first, so nobody anonymous makes us buffer 10 MB.
  const r = Router();
  registerRoute(r, routes['POST /upload'], uploadLimit, receiveUpload, async (req, res, { body }) => {
    const allowed = rolesByPurpose[body.purpose];
    if (allowed !== 'any' && !allowed.includes(req.principal!.role)) throw forbidden();
    if (!req.file) throw badRequest(uploadMessages.noFile);

    const result = await storeUploadedImage({ store, processor }, req.file.buffer);
    if (!result.ok) {
      runtime.logger.debug({ reason: result.reason, cause: result.cause, size: req.file.size }, 'upload refused');
      if (result.reason === 'too-many-pixels') throw new AppError('PAYLOAD_TOO_LARGE', uploadMessages.tooManyPixels);
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', uploadMessages.unsupported);
    }
    res.status(201).json(uploadResponse(result.image, publicBase));
  });
  app.use('/api/v1', r);
}
