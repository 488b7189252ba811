import * as fsPromises from 'node:fs/promises'
import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareDataFolder } from './data-folder'

let root: string
const me = process.getuid?.() ?? 0

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'data-folder-test-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('prepareDataFolder', () => {
  it('makes a fresh private folder in the temp directory when none is given, a new one each time', async () => {
    const first = await prepareDataFolder({ given: undefined, prefix: 'harness-', tempRoot: root, uid: me })
    const second = await prepareDataFolder({ given: '', prefix: 'harness-', tempRoot: root, uid: me })
    if (!first.ok || !second.ok) throw new Error('expected folders')
    expect(first.temporary).toBe(true)
    expect(first.dir.startsWith(join(root, 'harness-'))).toBe(true)
    expect(second.dir).not.toBe(first.dir)
    expect((await stat(first.dir)).mode & 0o777).toBe(0o700)
  })

  it('creates a folder given by name as private when it does not exist yet', async () => {
    const dir = join(root, 'new', 'nested')
    expect(await prepareDataFolder({ given: dir, prefix: 'x-', uid: me })).toEqual({
      ok: true,
      dir,
      temporary: false,
    })
    expect((await stat(dir)).mode & 0o777).toBe(0o700)
  })

  it('accepts an existing folder of its own that nobody else can open', async () => {
    const dir = join(root, 'mine')
    await mkdir(dir, { mode: 0o700 })
    expect(await prepareDataFolder({ given: dir, prefix: 'x-', uid: me })).toMatchObject({ ok: true, dir })
  })

  it.each([0o755, 0o750, 0o707, 0o777])('refuses a folder open to others (mode %o)', async (mode) => {
    const dir = join(root, `open-${mode.toString(8)}`)
    await mkdir(dir)
    await chmod(dir, mode)
    const result = await prepareDataFolder({ given: dir, prefix: 'x-', uid: me })
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining('chmod 700') })
  })

  it('refuses a folder that belongs to another user', async () => {
    const dir = join(root, 'theirs')
    await mkdir(dir, { mode: 0o700 })
    // Seen from a process of another user: the folder's owner is not the caller.
    const result = await prepareDataFolder({ given: dir, prefix: 'x-', uid: me + 1 })
    expect(result).toMatchObject({ ok: false, problem: expect.stringContaining('belongs to another user') })
  })

  it('refuses a symbolic link (it could point anywhere) and a file', async () => {
    const target = join(root, 'target')
    await mkdir(target, { mode: 0o700 })
    await symlink(target, join(root, 'link'))
    await writeFile(join(root, 'file'), 'x')
    expect(await prepareDataFolder({ given: join(root, 'link'), prefix: 'x-', uid: me })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('symbolic link'),
    })
    expect(await prepareDataFolder({ given: join(root, 'file'), prefix: 'x-', uid: me })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('is a file'),
    })
  })

  it.each([
    ['a folder open to everyone', 'open'],
    ['a symbolic link to a folder of theirs', 'link'],
  ])(
    'refuses %s that another process puts there after the check, just before the folder is made',
    async (_what, how) => {
      const dir = join(root, `raced-${how}`)
      const theirs = join(root, `theirs-${how}`)
      // The real file system, with another process winning the race for `dir` right before our mkdir.
      const racing = {
        ...fsPromises,
        mkdir: (async (path: string, options?: Parameters<typeof fsPromises.mkdir>[1]) => {
          if (path === dir) {
            if (how === 'open') {
              await fsPromises.mkdir(dir)
              await chmod(dir, 0o777)
            } else {
              await fsPromises.mkdir(theirs)
              await chmod(theirs, 0o777)
              await symlink(theirs, dir)
            }
          }
          return fsPromises.mkdir(path, options)
        }) as typeof fsPromises.mkdir,
      }
      const result = await prepareDataFolder({ given: dir, prefix: 'x-', uid: me, fs: racing })
      expect(result).toMatchObject({ ok: false })
    },
  )
})
