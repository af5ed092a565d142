import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { messagesPlugin } from './build/messages-plugin';

export default defineConfig({
  plugins: [react(), messagesPlugin()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets scripts/check-budgets.mjs follow each route's imports and weigh what it loads.
    manifest: true,
  },
});
