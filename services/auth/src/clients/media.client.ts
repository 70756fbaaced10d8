import { AppError, currentContext, REQUEST_ID_HEADER, type ErrorKind } from '@shop/platform';
import { authMessages } from '@shop/proto-contracts';
import type { ImageStore } from '../domain/auth-deps';
import { ServiceUnavailableError } from '../domain/auth-errors';

const passThrough: Record<number, ErrorKind> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * Stores avatars through the media service (`POST {mediaUrl}/api/v1/upload`, field `file`). The
 * URL may be given lazily (the embedded launcher knows media's port only after auth is built). The
 * caller's access token goes along as a Bearer token, so media applies its own rules to the
 * caller; the refresh cookie never leaves this service.
 */
export function mediaImageStore(mediaUrl: string | (() => string | undefined), timeoutMs = 10_000): ImageStore {
  const baseUrl = typeof mediaUrl === 'function' ? mediaUrl : () => mediaUrl;
  return {
    async upload(image, caller) {
      const base = baseUrl();
      if (!base) throw new ServiceUnavailableError(authMessages.imageUploadUnavailable);
      const endpoint = `${base.replace(/\/+$/, '')}/api/v1/upload`;
      const form = new FormData();
      form.append('purpose', 'avatar');
      form.append('file', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.filename || 'avatar');
      const headers: Record<string, string> = {};
      if (caller.accessToken) headers.authorization = `Bearer ${caller.accessToken}`;
      const requestId = currentContext()?.requestId;
      if (requestId) headers[REQUEST_ID_HEADER] = requestId;
      let res: Response;
      try {
        res = await fetch(endpoint, { method: 'POST', body: form, headers, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new ServiceUnavailableError(authMessages.imageUploadUnavailable);
      }
      const body = (await res.json().catch(() => ({}))) as { message?: unknown; secure_url?: unknown };
      const kind = passThrough[res.status];
      if (kind) throw new AppError(kind, typeof body.message === 'string' ? body.message : 'Image upload failed');
      if (!res.ok || typeof body.secure_url !== 'string') throw new ServiceUnavailableError(authMessages.imageUploadUnavailable);
      return body.secure_url;
    },
  };
}
