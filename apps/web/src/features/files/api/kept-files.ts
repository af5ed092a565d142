import { useCallback, useEffect, useState } from 'react';
import { downloadUrl } from './get-files';

/**
 * Files a member marked "keep offline" (decision 028): the download (and the inline view, for previews) stored in
 * the browser's Cache Storage under `kept-files`, which the service worker answers from when there is no signal
 * (vite.config.ts). The cache's own list of addresses is the record of what is kept; signing out deletes it
 * (lib/offline-user.ts).
 */
export const KEPT_FILES_CACHE = 'kept-files';

const hasCacheStorage = () => typeof caches !== 'undefined';

const urlsOf = (eventId: number, fileId: number, previewable: boolean) =>
  previewable ? [downloadUrl(eventId, fileId), downloadUrl(eventId, fileId, true)] : [downloadUrl(eventId, fileId)];

async function keptPaths(): Promise<Set<string>> {
  if (!hasCacheStorage()) return new Set();
  const cache = await caches.open(KEPT_FILES_CACHE);
  const requests = await cache.keys();
  return new Set(requests.map((request) => new URL(request.url).pathname));
}

/** Stores the file's download (and inline view) for use without signal; rejects when the browser refuses. */
export async function keepFile(eventId: number, fileId: number, previewable: boolean): Promise<void> {
  const cache = await caches.open(KEPT_FILES_CACHE);
  await cache.addAll(urlsOf(eventId, fileId, previewable));
}

export async function forgetFile(eventId: number, fileId: number, previewable: boolean): Promise<void> {
  const cache = await caches.open(KEPT_FILES_CACHE);
  await Promise.all(urlsOf(eventId, fileId, previewable).map((url) => cache.delete(url)));
}

/** Which of the event's files are kept on this device, and a way to keep or forget one. */
export function useKeptFiles(eventId: number) {
  const [paths, setPaths] = useState<Set<string>>(new Set());
  const [isSupported] = useState(hasCacheStorage);
  const refresh = useCallback(() => {
    void keptPaths().then(setPaths, () => setPaths(new Set()));
  }, []);
  useEffect(refresh, [refresh]);
  const isKept = (fileId: number) => paths.has(downloadUrl(eventId, fileId));
  const toggle = async (fileId: number, previewable: boolean) => {
    try {
      if (isKept(fileId)) await forgetFile(eventId, fileId, previewable);
      else await keepFile(eventId, fileId, previewable);
    } finally {
      refresh();
    }
  };
  return { isSupported, isKept, toggle };
}
