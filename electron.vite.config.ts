import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { windowsPublisherNames } from './scripts/publisher.mjs'

const __dirname = dirname(fileURLToPath(import.meta.url))
const shared = { '@shared': resolve(__dirname, 'src/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    // Whose signature a Windows update's installer must carry (src/main/services/updates/windows-publisher.ts).
    define: {
      __OPERATELY_TRAY_WINDOWS_PUBLISHERS__: JSON.stringify(windowsPublisherNames()),
    },
    build: {
      // keytar is a native module: it must stay a runtime require, never bundled.
      externalizeDeps: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } },
    },
  },
  preload: {
    resolve: { alias: shared },
    build: {
      // A sandboxed preload cannot require() npm packages: bundle everything it uses (zod included).
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias: { ...shared, '@renderer': resolve(__dirname, 'src/renderer/src') } },
    plugins: [react()],
    build: {
      // The popup should open instantly: ship it minified (electron-vite leaves minification off by default).
      minify: true,
      rollupOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } },
    },
  },
})
