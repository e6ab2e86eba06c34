import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  server: {
    port: 5173,
    // `npm run dev`: the API runs on 3000 and the Vite dev server proxies to it.
    // Everything the API serves itself: its calls, the menu's media, and its server-rendered pages
    // (the guest menu, the scan landing), so `npm run dev` shows what production shows.
    proxy: {
      "/api": "http://localhost:3000",
      "/media/": "http://localhost:3000",
      "^/((de|en|fr|it)/)?dm/": "http://localhost:3000",
      "^/s/": "http://localhost:3000",
    },
  },
  // The server-rendering bundle (entry-server.tsx, decision 012) bundles the app's own code and
  // imports the libraries from node_modules at run time, as the API does.
  ssr: { noExternal: ["@stempla/domain"] },
  build: {
    target: "es2023",
    sourcemap: false,
    // The server reads which chunks a page needs to modulepreload them (decision 012).
    manifest: !isSsrBuild,
    // The favicon belongs to the served dist/ only.
    copyPublicDir: !isSsrBuild,
    chunkSizeWarningLimit: 400,
    // Locale files are fetched as JSON; inlined as data: URLs they would be blocked by the CSP.
    assetsInlineLimit: (file) => (file.endsWith(".json") ? false : undefined),
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // boot.ts: what a server-rendered public page loads before its first paint (decision 012).
          input: {
            index: fileURLToPath(new URL("index.html", import.meta.url)),
            boot: fileURLToPath(new URL("src/boot.ts", import.meta.url)),
          },
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page needs, in one chunk: compresses better and saves requests than
                  // the dozens of small chunks automatic splitting makes (first-visit budget 150 KB).
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|cookie)[\\/]/,
                  priority: 2,
                },
                {
                  // Phone numbers (libphonenumber-js with its metadata, about 50 KB gzip, and the
                  // domain's phone.ts) only for the pages with phone fields or numbers: left to
                  // automatic splitting they were merged into a chunk the first visit loads.
                  name: "phone-numbers",
                  test: /node_modules[\\/]libphonenumber-js[\\/]|packages[\\/]domain[\\/]src[\\/]validation[\\/]phone\.ts$/,
                  priority: 1,
                  // Not phone.ts's own imports (zod, the field schemas): they stay where the others are.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
}));
