import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverOrigin = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: true, ws: true },
      '/healthz': serverOrigin,
      '/dev': serverOrigin,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
