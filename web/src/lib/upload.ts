import { ServerMessageError } from './api-errors';
import { fetchWithTimeout } from './http';

interface UploadAnswer {
  success?: boolean;
  secure_url?: string;
  message?: string;
}

async function postFile(file: File): Promise<Response> {
  const form = new FormData();
  form.append('file', file);
  return fetchWithTimeout('/api/v1/upload', { method: 'POST', body: form });
}

/**
 * Uploads one image to the media service and returns its URL (`secure_url`). A 401 refreshes
 * the session once and retries. Throws ServerMessageError with the server's message on refusal.
 */
export async function uploadImage(file: File, refreshSession: () => Promise<boolean>): Promise<string> {
  let response = await postFile(file);
  if (response.status === 401 && (await refreshSession())) response = await postFile(file);

  let answer: UploadAnswer = {};
  try {
    answer = (await response.json()) as UploadAnswer;
  } catch {
    /* no JSON body: handled below */
  }
  if (!response.ok || !answer.success || !answer.secure_url) {
    throw new ServerMessageError(answer.message ?? '');
  }
  return answer.secure_url;
}
