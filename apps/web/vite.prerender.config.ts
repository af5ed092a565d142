import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messagesPlugin } from './build/messages-plugin';

/**
 * The build of src/app/prerender/entry.tsx for Node, run by scripts/prerender.mjs after the app's build (decision 029):
 * everything in one file, so Node needs nothing of the packages' own module formats.
 */
export default defineConfig({
  plugins: [react(), messagesPlugin()],
  logLevel: 'error',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender/entry.tsx',
    outDir: path.resolve(import.meta.dirname, 'node_modules/.prerender'),
    emptyOutDir: true,
    minify: false,
    rollupOptions: { output: { entryFileNames: 'entry.mjs' } },
  },
});
