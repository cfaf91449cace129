import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app: root web/, output web/dist (served by the local adapter and, in the
 * cloud, by CloudFront). `#shared/*` resolves through package.json "imports".
 * In dev, /api is proxied to the local stack (API_ORIGIN, default http://localhost:3000).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // An area's screens are named after it (area-<name>-<hash>.js), so the bench can say which route chunk is the largest.
        chunkFileNames: (chunk) => {
          const area = /\/areas\/([\w-]+)\/routes\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return area ? `assets/area-${area}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://localhost:3000' },
  },
});
