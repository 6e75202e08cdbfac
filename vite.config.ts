import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.mjs reads it to preload each prerendered page's route chunk, then deletes it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/robots.txt': 'http://127.0.0.1:5000',
      '/sitemap.xml': 'http://127.0.0.1:5000',
    },
  },
});
