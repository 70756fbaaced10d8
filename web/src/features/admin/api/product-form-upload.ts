import { ServerMessageError } from '../../../lib/api-errors';
import { fetchWithTimeout } from '../../../lib/http';

/** The media service's limits (services/media upload.routes.ts), checked here too so a bad file is not sent. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The media service's own texts, for the files refused before sending. */
export const uploadRefusals = {
  tooLarge: 'File is too large. The maximum size is 10MB.',
  unsupported: 'Only PNG, JPEG, GIF and WebP images are allowed.',
} as const;

interface UploadAnswer {
  success?: boolean;
  secure_url?: string;
  message?: string;
}

/**
 * What the browser can tell about a file before sending it, or null when it may go. The server
 * still checks the content: a text file named .png gets past this and is refused there.
 */
export function fileRefusal(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return uploadRefusals.tooLarge;
  if (file.type && !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return uploadRefusals.unsupported;
  return null;
}

function postProductImage(file: File): Promise<Response> {
  const form = new FormData();
  // `product` lets only staff upload (an avatar upload is open to every shopper).
  form.append('purpose', 'product');
  form.append('file', file);
  return fetchWithTimeout('/api/v1/upload', { method: 'POST', body: form });
}

/**
 * Uploads one product image (POST /api/v1/upload) and returns its `secure_url`. A 401 refreshes
 * the session once and retries. A refusal (4xx with a message) throws ServerMessageError with
 * the server's text; anything else throws a plain Error.
 */
export async function uploadProductImage(file: File, refreshSession: () => Promise<boolean>): Promise<string> {
  let response = await postProductImage(file);
  if (response.status === 401 && (await refreshSession())) response = await postProductImage(file);

  let answer: UploadAnswer = {};
  try {
    answer = (await response.json()) as UploadAnswer;
  } catch {
    /* no JSON body: handled below */
  }
  if (response.ok && answer.success && answer.secure_url) return answer.secure_url;
  if (response.status >= 400 && response.status < 500 && answer.message) throw new ServerMessageError(answer.message);
  throw new Error(`Upload failed with status ${response.status}`);
}
