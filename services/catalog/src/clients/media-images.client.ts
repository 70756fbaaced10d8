import { currentContext, REQUEST_ID_HEADER } from '@shop/platform';

/**
 * What came of storing an image: its URL; or media is unreachable for now (`unavailable`: retry
 * later); or it does not take internal images from us at all (`refused`: no route or a wrong
 * token; retrying will not help); or it refused this one picture (`rejected`).
 */
export type StoreImageOutcome =
  | { ok: true; url: string }
  | { ok: false; kind: 'unavailable' | 'refused' | 'rejected'; reason: string };

/** Where the catalog stores the pictures it makes itself (the demo artwork). */
export interface InternalImageStore {
  store(png: Buffer): Promise<StoreImageOutcome>;
}

/**
 * The media service's internal route, `POST {mediaUrl}/internal/v1/images` with the PNG as the
 * body and the shared internal token. The URL may be given lazily: in embedded mode the media
 * port is known only after every service is built.
 */
export function mediaInternalImages(mediaUrl: string | (() => string | undefined), token: string, timeoutMs = 15_000): InternalImageStore {
  const baseUrl = typeof mediaUrl === 'function' ? mediaUrl : () => mediaUrl;
  return {
    async store(png) {
      const base = baseUrl();
      if (!base) return { ok: false, kind: 'unavailable', reason: 'the media service address is not known yet' };
      const headers: Record<string, string> = { 'content-type': 'image/png', authorization: `Bearer ${token}` };
      const requestId = currentContext()?.requestId;
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;
      let res: Response;
      try {
        res = await fetch(`${base.replace(/\/+$/, '')}/internal/v1/images`, { method: 'POST', body: new Uint8Array(png), headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch (err) {
        return { ok: false, kind: 'unavailable', reason: String((err as Error).message ?? err) };
      }
      const body = (await res.json().catch(() => ({}))) as { secure_url?: unknown; message?: unknown };
      if (res.ok && typeof body.secure_url === 'string') return { ok: true, url: body.secure_url };
      const reason = `media answered ${res.status}${typeof body.message === 'string' ? `: ${body.message}` : ''}`;
      if (res.status >= 500 || res.status === 429 || res.ok) return { ok: false, kind: 'unavailable', reason };
      if (res.status === 401 || res.status === 403 || res.status === 404) return { ok: false, kind: 'refused', reason };
      return { ok: false, kind: 'rejected', reason };
    },
  };
}
