import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { lingui } from "@lingui/vite-plugin";
import { VitePWA } from "vite-plugin-pwa";
import pkg from "./package.json" with { type: "json" };

const root = import.meta.dirname;
/** The build's folder as vite resolved it (BUILD_OUT_DIR or `--outDir`), set by `precompress`'s configResolved. */
let outDir = path.resolve(root, process.env.BUILD_OUT_DIR ?? "dist");

/**
 * Precache entries minus the chunks only the back office loads (its entry and its lazy pages), found through the
 * build manifest: what backoffice.html reaches and index.html does not.
 */
async function withoutBackofficeChunks<E extends { url: string }>(entries: E[]) {
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] }> = JSON.parse(
    fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"),
  );
  const reach = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return into;
    into.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) reach(next, into);
    return into;
  };
  const files = (keys: Set<string>) => new Set([...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
  const app = files(reach("index.html", new Set()));
  const backofficeOnly = [...files(reach("backoffice.html", new Set()))].filter((file) => !app.has(file));
  return { manifest: entries.filter((entry) => !backofficeOnly.includes(entry.url)), warnings: [] };
}

/** The msgids of a .po file's entries that came from `source` (their `#:` reference names it). */
function msgidsFrom(poText: string, source: string): Set<string> {
  const ids = new Set<string>();
  for (const entry of poText.split(/\r?\n\s*\r?\n/)) {
    const lines = entry.split(/\r?\n/);
    if (!lines.some((line) => line.startsWith("#:") && line.split(/\s+/).includes(source))) continue;
    const at = lines.findIndex((line) => line.startsWith("msgid "));
    if (at < 0) continue;
    const parts = [lines[at].slice(6)];
    for (const line of lines.slice(at + 1)) {
      if (!line.startsWith('"')) break;
      parts.push(line);
    }
    ids.add(parts.map((part) => JSON.parse(part) as string).join(""));
  }
  return ids;
}

/**
 * Splits each core catalogue (`messages.po`) in two chunks: `?ui?lingui`, the texts of the first routes, which the
 * first paint waits for, and `?server?lingui`, the server's errors and successes (the entries lingui.config.ts
 * extracts from server/contract/messages.ts), which are shown only once an answer arrives and load beside the first
 * request (src/shared/i18n/i18n.ts). The lingui plugin compiles any id that ends in `?lingui` (so the part comes
 * before it), always the whole catalogue; this keeps the half that was asked for.
 */
function corePartsOfCatalogue(): Plugin {
  const compiled = /^(.*?JSON\.parse\()(".*")(\).*)$/s;
  return {
    name: "tradewise:core-catalogue-parts",
    transform(code, id) {
      const [file, part] = /^(.*\/messages\.po)\?(ui|server)\?lingui$/.exec(id)?.slice(1) ?? [];
      if (!part) return;
      const match = compiled.exec(code);
      if (!match) throw new Error(`unexpected compiled catalogue: ${id}`);
      const serverKeys = msgidsFrom(fs.readFileSync(file, "utf8"), "server/contract/messages.ts");
      const messages: Record<string, unknown> = JSON.parse(JSON.parse(match[2]));
      const kept = Object.fromEntries(Object.entries(messages).filter(([key]) => serverKeys.has(key) === (part === "server")));
      return { code: match[1] + JSON.stringify(JSON.stringify(kept)) + match[3], map: null, moduleType: "js" };
    },
  };
}

/**
 * The first route in three files: the entry's own modules, rolldown's runtime and one chunk of everything else
 * `index.html` loads before the first paint (react-dom, lingui, wouter, swr, jotai, ky, the store, the client, the
 * shared UI). Left to itself, rolldown splits what the entry shares with the lazy pages and the back office into a
 * chunk per set of importers (eleven files on the first route), and each border costs its import and export lists and
 * the minifier's renaming across it: 2.7 KB of gzip. The group takes the modules of the entry's static closure that
 * something else imports as well (what rolldown would split off); the modules only the entry reaches stay in the entry
 * chunk, so the back office never runs the app's own start-up code. It does load the whole core, so a shared module
 * runs its top-level code there too (those in it today only declare). The closure is read from the module graph at
 * `buildEnd`, before chunking; test/bundle/budget.test.ts checks the three files.
 */
function firstRouteCore() {
  const shared = new Set<string>();
  const plugin: Plugin = {
    name: "tradewise:first-route-core",
    apply: "build",
    buildEnd() {
      shared.clear();
      const entry = path.resolve(root, "index.html");
      const staticClosure = (from: string[], into = new Set<string>()) => {
        const stack = [...from];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const first = staticClosure([entry]);
      if (first.size <= 1) return; // not the app's build (the service worker's)
      // Every other root of a chunk: the back office's page and every dynamically imported module.
      const others = [path.resolve(root, "backoffice.html")];
      for (const id of this.getModuleIds()) others.push(...(this.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
      const reachedElsewhere = staticClosure(others);
      for (const id of first) if (id !== entry && reachedElsewhere.has(id)) shared.add(id);
    },
  };
  return { plugin, test: (id: string) => shared.has(id) };
}
const core = firstRouteCore();

/** The back office is not an installable app: drop the manifest link the PWA plugin adds to every page. */
function backofficeWithoutManifest(): Plugin {
  return {
    name: "tradewise:backoffice-without-manifest",
    apply: "build",
    // After vite-plugin-pwa's own post hook (which adds the link).
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.path.endsWith("backoffice.html") ? html.replace(/<link rel="manifest"[^>]*>/, "") : html),
    },
  };
}

/**
 * Writes brotli and gzip copies beside every text file of the build (after the service worker is generated), so
 * the server sends compressed bytes without compressing on each request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  return {
    name: "tradewise:precompress",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === ".vite" ? [] : walk(path.join(dir, e.name))) : [path.join(dir, e.name)]));
        for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/.test(f))) {
          const data = fs.readFileSync(file);
          if (data.length < 1024) continue;
          fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  // Relative asset paths: the app works from any folder, and hash routes need no server rewrites.
  base: "./",
  // APP_VERSION overrides the version of a build (the PWA test builds a "next version" to prove updates).
  define: { __APP_VERSION__: JSON.stringify(process.env.APP_VERSION ?? pkg.version) },
  plugins: [
    // Source texts stay in the bundle, so a string not yet translated shows in English, never as a hash id.
    react({ babel: { plugins: [["@lingui/babel-plugin-lingui-macro", { stripMessageField: false }]] } }),
    lingui(),
    corePartsOfCatalogue(),
    core.plugin,
    // The PWA: web app manifest + service worker built from sw/sw.ts (Workbox modules, precache manifest
    // injected). Registration is ours (src/shared/pwa/register.ts, after the first render), so nothing is injected.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "./",
        name: "TradeWise: crypto, forex and metals",
        short_name: "TradeWise",
        description: "Trade crypto, forex and metals, earn and borrow, with a ledger you can check.",
        lang: "en",
        start_url: "./",
        scope: "./",
        display: "standalone",
        orientation: "portrait",
        // --bg of the dark theme (src/shared/ui/theme.css): the splash screen and the status bar match the app.
        theme_color: "#0c0f14",
        background_color: "#0c0f14",
        categories: ["finance"],
        icons: [
          { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The app shell: every chunk of the user app (so any screen opens offline and a repeat visit loads no
        // script from the network), its styles, icons and the manifest. The back office is never needed offline:
        // its page and its own chunks stay out (chunks it shares with the app are in through the app).
        globPatterns: ["**/*.{js,css,html,png,svg,webmanifest}"],
        globIgnores: ["backoffice.html", ".vite/**"],
        manifestTransforms: [withoutBackofficeChunks],
        // Chunks over workbox's 2 MB default would be left out of the precache; none is, this is the guard's room.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    backofficeWithoutManifest(),
    precompress(),
  ],
  resolve: {
    alias: {
      "@": path.resolve(root, "src"),
      "@contract": path.resolve(root, "server/contract"),
    },
  },
  build: {
    // Parallel work on one machine may build into separate folders (BUILD_OUT_DIR) and serve them (STATIC_DIR).
    outDir: process.env.BUILD_OUT_DIR ?? "dist",
    emptyOutDir: true,
    // The manifest lets the bundle-budget test follow what each route loads.
    manifest: true,
    target: "es2022",
    sourcemap: false,
    // No modulepreload polyfill in the entry (half a KB on the first route): a browser without modulepreload (Safari
    // before 17) still loads every chunk, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: path.resolve(root, "index.html"),
        backoffice: path.resolve(root, "backoffice.html"),
      },
      output: { codeSplitting: { groups: [{ name: "core", test: core.test }] } },
    },
  },
  server: {
    proxy: {
      "/api": "http://localhost:8080",
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
});
