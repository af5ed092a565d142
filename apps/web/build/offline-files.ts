import fs from 'node:fs';
import path from 'node:path';

/**
 * Which built files the service worker fetches when it is installed (decision 028): what a volunteer needs on the
 * day without signal, whichever screens they opened before. The app's shell, texts and locales, and the screens of
 * the day (the event's home and feed, shifts, files, the personal code, check-in and the board) with every module
 * they import. The organisers' desk screens (the review, members, mail, statistics, the form builder), about half
 * of the app's weight, are kept only once opened (the worker's `assets` cache), not fetched for everyone.
 */
const KEPT_SOURCES =
  /^(index\.html|funkis-messages:.*|src\/locales\/.*|src\/lib\/.*|src\/config\/.*|src\/components\/.*|src\/app\/(routes|loaders)\/(home|event|event\/(layout|home|scheduling|files|feed|event-day|my-code|check-in|board))\.tsx?|src\/app\/routes\/(not-found|login)\.tsx|.*workbox-window.*|.*LinearProgress.*)$/;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** The built files of the kept sources and of everything they import statically, by Vite's manifest. */
export function offlineFiles(dist: string): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (KEPT_SOURCES.test(key)) visit(key);
  return files;
}

/** Workbox's manifest transform: keeps every file outside assets/ (icons, index.html) and the offline files. */
export function offlineManifestTransform(dist: string) {
  return async <T extends { url: string }>(entries: T[]) => {
    const kept = offlineFiles(dist);
    return {
      manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || kept.has(entry.url)),
      warnings: [],
    };
  };
}
