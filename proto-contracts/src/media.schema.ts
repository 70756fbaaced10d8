import { z } from 'zod';
import { UPLOAD_PURPOSES, uploadPurposeMessage } from './media';

/** POST /upload's text fields: `purpose`, an avatar unless said. */
export const uploadFieldsSchema = z.object({
  purpose: z.preprocess((v) => (v === undefined || v === '' ? 'avatar' : v), z.enum(UPLOAD_PURPOSES, { error: uploadPurposeMessage })),
});
