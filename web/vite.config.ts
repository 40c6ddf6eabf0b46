import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The BFF serves web/dist, /api/* and socket.io on one origin; in dev, vite forwards those to it.
// The Host header is kept (no changeOrigin): the BFF accepts state changes only from the origin it was addressed as.
const BFF = process.env.KILN_BFF_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: BFF },
      '/socket.io': { target: BFF, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});
