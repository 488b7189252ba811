import { mkdirSync, mkdtempSync } from 'node:fs'
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

/**
 * @param script the child's entry point (the crash child by default; the soak has its own)
 * @param external packages left out of the bundle (native modules such as keytar); the bundle is then
 *   written inside the repository, where Node finds them in node_modules
 */
export async function prepareChildCommand(
  script: string = childScript,
  external: string[] = [],
): Promise<ChildCommand> {
  let esbuild: typeof import('esbuild')
  try {
    esbuild = await import('esbuild')
  } catch {
    return { args: ['--import', 'tsx', script], how: 'tsx' }
  }
  const parent = external.length > 0 ? join(repoRoot, 'node_modules', '.cache') : tmpdir()
  mkdirSync(parent, { recursive: true })
  const outfile = join(mkdtempSync(join(parent, 'child-')), 'child.mjs')
  await esbuild.build({
    entryPoints: [script],
    external,
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
