import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // `npm run dev`: the API runs on 3000 and the Vite dev server proxies to it.
    proxy: { "/api": "http://localhost:3000" },
  },
  build: {
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
});
