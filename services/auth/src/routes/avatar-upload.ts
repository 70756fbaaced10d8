import type { RequestHandler } from 'express';
import multer from 'multer';
import { authMessages } from '@shop/proto-contracts';
import { AppError, badRequest } from '@shop/platform';

const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

const single = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
}).single('avatar');

/** Reads a multipart body (fields plus an optional `avatar` file, at most 10 MB) into memory. */
export const avatarUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  single(req, res, (err?: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('PAYLOAD_TOO_LARGE', authMessages.imageTooLarge));
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
        return next(badRequest('Send one image, in the field named avatar'));
      }
      return next(badRequest('The form is too large'));
    }
    // Anything else here is the form parser failing on a malformed body.
    next(badRequest('The form could not be read'));
  });
};
