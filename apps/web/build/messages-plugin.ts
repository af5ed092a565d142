import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';

/**
 * `virtual:funkis-messages/<language>`: the shared message catalogue (packages/shared/src/messages) for one
 * language, worked out at build time — `{ texts, params }` with i18next's `{{name}}` placeholders — so the web
 * app fetches the active language's messages only, as a chunk beside its other texts, instead of carrying every
 * language's catalogue in its entry (decision 017). Languages without their own texts get English.
 */
const PREFIX = 'virtual:funkis-messages/';
const RESOLVED = '\0funkis-messages:';
const messagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/shared/src/messages');
const catalogueFile = path.join(messagesDir, 'index.ts');

interface Entry {
  en: string;
  sv: string;
  params?: Record<string, string | number>;
}

async function loadCatalogue(): Promise<{ catalogue: Record<string, Entry>; files: string[] }> {
  const result = await build({
    entryPoints: [catalogueFile],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    catalogue: Record<string, Entry>;
  };
  return { catalogue: module.catalogue, files: Object.keys(result.metafile.inputs).map((file) => path.resolve(file)) };
}

export function messagesPlugin(): Plugin {
  return {
    name: 'funkis-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED + id.slice(PREFIX.length) : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const language = id.slice(RESOLVED.length);
      const { catalogue, files } = await loadCatalogue();
      for (const file of files) this.addWatchFile(file);
      const texts: Record<string, Record<string, string>> = {};
      const params: Record<string, Record<string, string | number>> = {};
      for (const [key, entry] of Object.entries(catalogue)) {
        const [group = '', name = ''] = key.split('.');
        const text = language === 'sv' ? entry.sv : entry.en;
        texts[group] ??= {};
        texts[group][name] = text.replace(/\{(\w+)\}/g, '{{$1}}');
        if (entry.params) params[key] = entry.params;
      }
      return `export const texts = ${JSON.stringify(texts)};\nexport const params = ${JSON.stringify(params)};\n`;
    },
    // The catalogue enters the build only through the modules above. A chunk that bundles its sources (a
    // shared function the web app runs that calls `messageText`, an import of `catalogue`) would carry every
    // key's English and Swedish texts: the build fails, naming the chunk and the module.
    generateBundle(_options, bundle) {
      const found = catalogueModulesIn(bundle);
      if (found.length > 0) {
        this.error(
          'the shared message catalogue is bundled into the web app (decision 017: only ' +
            `virtual:funkis-messages/<language> may carry it):\n  ${found.join('\n  ')}`,
        );
      }
    },
  };
}

/** `chunk: module` for each module of packages/shared/src/messages whose code a chunk of the bundle holds. */
function catalogueModulesIn(bundle: Rollup.OutputBundle): string[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? Object.entries(output.modules)
          .filter(([id, module]) => isCatalogueModule(id) && module.renderedLength > 0)
          .map(([id]) => `${output.fileName}: ${path.relative(path.dirname(messagesDir), id)}`)
      : [],
  );
}

const isCatalogueModule = (id: string) => path.resolve(id.split('?')[0] ?? id).startsWith(`${messagesDir}${path.sep}`);
