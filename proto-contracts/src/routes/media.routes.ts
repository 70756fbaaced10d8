/** The media service's REST routes (pictures themselves are served at /media, outside /api/v1; format: route-manifest.ts). */
import { z } from 'zod';
import { uploadFieldsSchema } from '../media.schema';
import { defineRoutes } from './route-manifest';

export const mediaManifest = defineRoutes('media', {
  'POST /upload': {
    access: 'login',
    summary: 'Upload an image (multipart, field file: JPEG, PNG, GIF or WebP; purpose avatar, or product for staff); answers secure_url, the stored picture',
    body: uploadFieldsSchema,
    multipart: true,
    file: 'file',
    response: z.looseObject({ success: z.literal(true), secure_url: z.string() }),
    status: [201],
  },
});
