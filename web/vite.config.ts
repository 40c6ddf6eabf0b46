import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The BFF serves web/dist, /api/* and socket.io on one origin; in dev, vite forwards those to it.
const BFF = process.env.KILN_BFF_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BFF, changeOrigin: true },
      '/socket.io': { target: BFF, ws: true, changeOrigin: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
