import type { Media } from '@kiln/contracts';
import type { UploadKind } from '@kiln/contracts/constants';
import { ApiError } from '../../api/client';
import { humanMessage } from '../../api/messages';

/** The statuses whose sentence /api/upload writes itself (MEDIA_MESSAGES, UPLOAD_MESSAGES: a refused folder, size or content). */
const OWN_SENTENCES = new Set([400, 413, 415]);
const UNREADABLE = 'The server sent an answer the app cannot read. Please try again.';
const OFFLINE = 'Cannot reach the server. Check your connection and try again.';

function errorOf(xhr: XMLHttpRequest): ApiError {
  let message: string | undefined;
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    if (typeof body?.message === 'string') message = body.message;
  } catch {
    // not JSON: a proxy's page, say
  }
  const status = xhr.status;
  return new ApiError({ statusCode: status, message: message && OWN_SENTENCES.has(status) ? message : humanMessage(message, status) });
}

/**
 * POST /api/upload (spec 001 §7) with one file, by XMLHttpRequest so that its upload progress can be shown
 * (fetch has none): `folder` and `repo` as query parameters, the file in the field `file`. The answer is the
 * list of created media; its first item is this file's. `onProgress` gets the bytes sent of the request.
 */
export function sendUpload(
  file: File,
  params: { repo: UploadKind; folder: string },
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Media> {
  return new Promise<Media>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ folder: params.folder, repo: params.repo });
    xhr.open('POST', `/api/upload?${query.toString()}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorOf(xhr));
      try {
        const body = JSON.parse(xhr.responseText) as unknown;
        const first = Array.isArray(body) ? (body[0] as Media | undefined) : undefined;
        if (!first || typeof first.id !== 'string') throw new Error('no media');
        resolve(first);
      } catch {
        reject(new ApiError({ statusCode: xhr.status, message: UNREADABLE }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ statusCode: 0, message: OFFLINE }));
    xhr.onabort = () => reject(new ApiError({ statusCode: 0, message: OFFLINE }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
