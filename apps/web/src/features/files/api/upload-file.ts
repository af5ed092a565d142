import type { EventFile, RoleLevel } from '@funkis/shared';
import { getCsrfToken, setCsrfToken, toApiError } from '../../../lib/api-client';

/**
 * POST /api/event/{id}/files (admin, multipart: `roles` then `file`) → the file. XMLHttpRequest rather than
 * fetch: only it reports upload progress. `abort()` cancels; the server then keeps nothing.
 */
export function uploadFile(
  eventId: number,
  file: File,
  roles: readonly RoleLevel[],
  onProgress: (fraction: number) => void,
): { promise: Promise<EventFile>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<EventFile>((resolve, reject) => {
    const body = new FormData();
    body.append('roles', roles.join(','));
    body.append('file', file);
    xhr.open('POST', `/api/event/${eventId}/files`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data && typeof data === 'object') {
        const answer = data as { file: EventFile; _csrf?: string };
        if (answer._csrf) setCsrfToken(answer._csrf);
        resolve(answer.file);
      } else {
        reject(toApiError(xhr.status, data));
      }
    };
    xhr.onerror = () => reject(toApiError(0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
