/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type BuildEnvironmentOptions, defineConfig } from 'vite';

// The API runs on its own port in development; the browser only ever talks to one origin. The public
// pages are rendered by the server too (from the last `npm run build`), so they go there as well.
const server = { target: 'http://localhost:3000' };
const apiProxy = {
  '/api': server,
  '^/(servicos/.*|planos|terms|privacy|blogs?|blogs?/[^/]+|sitemap\\.xml|robots\\.txt)?$': server,
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  // The server renderer bundles the shared domain package (TypeScript sources) and leaves the
  // libraries in node_modules to Node.
  ssr: { noExternal: ['@laudos/domain'] },
  build: isSsrBuild ? { outDir: 'dist-ssr', emptyOutDir: true } : clientBuild,
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A hang guard, not a speed check (decision 025): two files run at a time beside the server's
    // suites, and a test that waits on the screen may take several seconds on a busy CI machine.
    testTimeout: 20_000,
  },
}));

const clientBuild: BuildEnvironmentOptions = {
  outDir: 'dist',
  emptyOutDir: true,
  // The server reads it to link the public pages' stylesheet and script.
  manifest: true,
  rolldownOptions: {
    // The app (index.html) and the public pages' script (server-rendered pages, no React).
    input: { app: 'index.html', public: 'src/public-entry.ts' },
    // The shared domain package is pure: its zod schemas (server-side settings, plans) must not
    // follow the expiry helpers into the web bundle.
    treeshake: {
      moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
    },
    output: {
      codeSplitting: {
        groups: [
          {
            // TanStack Query's hooks and observers: only pages that read data use them, so they stay
            // out of the shell, which needs just the client and its provider.
            name: 'query',
            test: /[\\/]node_modules[\\/]@tanstack[\\/](react-query[\\/]build[\\/]modern[\\/](?!index\.js|QueryClientProvider\.js)|query-core[\\/]build[\\/]modern[\\/]\w*[oO]bserver\.js)/,
            priority: 1,
            // Only these modules: what they import (React, the query client) stays in the vendor chunk.
            includeDependenciesRecursively: false,
          },
          {
            // What every route behind the guards shares (the session, fields, dialogs, validation, the
            // auth endpoints): one chunk instead of a dozen small ones, each also named in the shell's
            // preload map. The public pages never load it.
            name: 'account',
            test: /[\\/]src[\\/](components[\\/]ui[\\/](field|form-alert|badge|dialog|confirm-dialog|error-notice|tabs|new-password-fields)\.tsx|lib[\\/](parse|validation|format|use-debounced-value)\.ts|features[\\/]auth[\\/](index\.ts|auth-context\.ts|auth-provider\.tsx|profile-cache\.ts|api[\\/][\w-]+\.ts|components[\\/](auth-card|change-password-form|account-menu)\.tsx)|features[\\/]settings[\\/]api[\\/]public-settings\.ts)$/,
            priority: 1,
            includeDependenciesRecursively: false,
          },
          {
            // The libraries every page needs, in their own long-cached chunk. Keep this list to those:
            // a library matched here is downloaded on every page, even if only the admin area uses it.
            name: 'vendor',
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
          },
        ],
      },
    },
  },
};
