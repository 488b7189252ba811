// Types for scripts/windows-publisher.mjs (electron.vite.config.ts and its test import it from TypeScript).
export function windowsPublisherNames(input: { root: string; env?: NodeJS.ProcessEnv }): string[]
