import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/prerender.mjs reads it to preload each prerendered page's route chunk, then deletes it.
    manifest: true,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              // Common chunks under 32 KB of source are copied into the chunks that use them instead of being
              // files of their own: /app loaded ~90 scripts, many ~1 KB icon and helper chunks, each a
              // request a phone on slow 4G waits for (issue 25 item 21).
              experimentalInlineCommonChunks: { maxSize: 32 * 1024 },
              // The security master (79 KB of JSON) in a chunk of its own: in a common chunk it would travel
              // with whatever small module shares its users (the lessons did), to pages that never read it.
              groups: [{ name: 'security-master', test: /src[\\/]domain[\\/]security-master\.json$/ }],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:5000',
      '/robots.txt': 'http://127.0.0.1:5000',
      '/sitemap.xml': 'http://127.0.0.1:5000',
    },
  },
}));
