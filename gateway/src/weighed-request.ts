import type { IncomingMessage } from 'node:http';

/**
 * The most a weighed REST body may be: the gateway reads it whole to count its list before the
 * service sees it (the cart takes 20 kB; a 50-line guest cart is about 6 kB).
 */
export const MAX_WEIGHED_BODY_BYTES = 64 * 1024;

/**
 * Reads a request body whole (at most `maxBytes`) for a route weighed by one of its list fields
 * (the manifest's `weighedBy`, decision 0097): the bytes, to send on unchanged, and how many items
 * the list holds (1 when the body is not JSON or the field is not a list: the service answers that).
 */
export async function readWeighedBody(req: IncomingMessage, field: string, maxBytes = MAX_WEIGHED_BODY_BYTES): Promise<{ body: Buffer; items: number } | 'too large'> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return 'too large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return 'too large';
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  let items = 1;
  try {
    const list = (JSON.parse(body.toString('utf8')) as Record<string, unknown> | null)?.[field];
    if (Array.isArray(list)) items = Math.max(1, list.length);
  } catch {
    // Not JSON: the service refuses it with its own message.
  }
  return { body, items };
}
