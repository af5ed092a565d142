import fs from 'node:fs';
import path from 'node:path';
import { isMessageKey } from '@funkis/shared';
import { describe, expect, it } from 'vitest';

/**
 * The web app names catalogue keys (`'error.…'`) and its own texts (`t('…')` in a namespace). A key that does
 * not exist would show as the raw key: these scans fail first.
 */
const SOURCE = path.resolve(__dirname, '../src');
const LOCALES = path.join(SOURCE, 'locales');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

type Tree = { [key: string]: string | Tree };
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}
const localeKeys = (language: string, namespace: string): Set<string> => {
  // A lazy section's texts (src/locales/lazy/<language>/, e.g. features/account/lib/notification-texts.ts).
  const file = [
    path.join(LOCALES, language, `${namespace}.json`),
    path.join(LOCALES, 'lazy', language, `${namespace}.json`),
  ].find((candidate) => fs.existsSync(candidate));
  if (!file) return new Set();
  // Plural forms (`key_one`, `key_other`) answer for `key`.
  return new Set(
    keysOf(JSON.parse(fs.readFileSync(file, 'utf8'))).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
  );
};

const allNamespaces = fs.readdirSync(path.join(LOCALES, 'en')).map((file) => file.replace(/\.json$/, ''));
const files = sourceFiles(SOURCE).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

describe('keys the web app uses', () => {
  it('names only catalogue keys as error messages', () => {
    const unknown = files.flatMap(({ file, text }) =>
      [...text.matchAll(/['"`](error\.[a-zA-Z]+)['"`]/g)]
        .map((match) => match[1] as string)
        // MUI's palette (`error.main`) is not a message.
        .filter((key) => !isMessageKey(key) && !/^error\.(main|light|dark|contrastText)$/.test(key))
        .map((key) => `${path.relative(SOURCE, file)}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it("finds every literal t('…') key in English and Swedish of the component's namespace", () => {
    const missing: string[] = [];
    for (const { file, text } of files) {
      const namespaces = [...text.matchAll(/useTranslation\(\s*'([\w-]+)'/g)].map((match) => match[1] as string);
      // One namespace per file is the convention; a helper that is handed `t` is checked against every namespace.
      const candidates = namespaces.length > 0 ? namespaces : allNamespaces;
      for (const match of text.matchAll(/\bt\(\s*'([\w.-]+)'\s*(,\s*\{([^}]*)\})?/g)) {
        const key = match[1] as string;
        const options = match[3] ?? '';
        const explicit = /ns:\s*'([\w-]+)'/.exec(options)?.[1];
        const inNamespaces = explicit ? [explicit] : [...candidates, 'translation'];
        for (const language of ['en', 'sv']) {
          const found = inNamespaces.some((namespace) => localeKeys(language, namespace).has(key));
          if (!found && !isMessageKey(key)) missing.push(`${path.relative(SOURCE, file)}: ${key} (${language})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
