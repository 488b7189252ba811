import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * How the crash test starts its child. `node --import tsx child.ts` works but pays for the TypeScript
 * loader (a hooks thread, every module resolved through it) on each of 200+ starts: about 1 s a start
 * on a busy two-core machine. So the child is bundled once with esbuild (the compiler tsx itself runs
 * on) and each start is plain `node child.mjs`: the same code, a quarter of the start-up time. If
 * esbuild cannot be loaded, the test falls back to tsx.
 */

export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../../..')
export const childScript = fileURLToPath(new URL('./child.ts', import.meta.url))

export interface ChildCommand {
  args: string[]
  how: 'bundle' | 'tsx'
}

export async function prepareChildCommand(): Promise<ChildCommand> {
  let esbuild: typeof import('esbuild')
  try {
    esbuild = await import('esbuild')
  } catch {
    return { args: ['--import', 'tsx', childScript], how: 'tsx' }
  }
  const outfile = join(mkdtempSync(join(tmpdir(), 'crash-child-')), 'child.mjs')
  await esbuild.build({
    entryPoints: [childScript],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    outfile,
    absWorkingDir: repoRoot,
    tsconfig: join(repoRoot, 'tsconfig.json'),
    logLevel: 'silent',
    // CommonJS packages inside an ES module bundle still expect require() and __filename.
    banner: {
      js: [
        "import { createRequire as __createRequire } from 'node:module'",
        "import { fileURLToPath as __fileURLToPath } from 'node:url'",
        'const require = __createRequire(import.meta.url)',
        'const __filename = __fileURLToPath(import.meta.url)',
      ].join(';'),
    },
  })
  return { args: [outfile], how: 'bundle' }
}
