import { pipeline } from 'node:stream/promises';
import type { Express } from 'express';
import { notFound } from '@shop/platform';
import { isMediaId, isMediaVariant, type MediaStore } from '../domain/media-store';

export const imageNotFound = 'Image not found';

const variantFile = /^([a-z]+)\.webp$/;

/**
 * GET /media/:id/:variant.webp. Stored entries never change (the id is a content hash), so
 * browsers and CDNs may keep them for a year without asking again.
 */
export function mountMediaFileRoutes(app: Express, deps: { store: MediaStore }) {
  app.get('/media/:id/:file', async (req, res) => {
    const { id, file } = req.params;
    const variant = variantFile.exec(file)?.[1];
    // Only a well-formed id and a known variant ever reach the store: no path can be smuggled in.
    if (!isMediaId(id) || !isMediaVariant(variant)) throw notFound(imageNotFound);
    const stored = await deps.store.get(id, variant);
    if (!stored) throw notFound(imageNotFound);

    res.set({
      'Content-Type': 'image/webp',
      'Content-Length': String(stored.size),
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${id}-${variant}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    if (req.fresh) {
      stored.stream.destroy();
      res.removeHeader('Content-Length');
      res.status(304).end();
      return;
    }
    try {
      await pipeline(stored.stream, res);
    } catch (err) {
      // A client that hangs up mid-download is not an error of ours; a read failure before any byte is.
      if (!res.headersSent) throw err;
      res.destroy();
    }
  });
}
