import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { versionAnswer } from './version-flag'

const root = fileURLToPath(new URL('../..', import.meta.url))
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  productName: string
  version: string
}

describe('--version', () => {
  it('answers with the product name and the version of the package.json next to the bundle', () => {
    const mainDir = join(root, 'out', 'main')
    expect(versionAnswer(['/opt/Operately Tray/operately-tray', '--version'], mainDir)).toBe(
      `${manifest.productName} ${manifest.version}`,
    )
    expect(manifest.productName).toBe('Operately Tray')
    // `electron . --version` in development: the project folder comes first.
    expect(versionAnswer(['electron', '.', '--version'], mainDir)).toBe(`Operately Tray ${manifest.version}`)
  })

  it('reads the shipped package.json inside the app archive, two folders above out/main', () => {
    const read = (path: string) => {
      expect(path).toBe(join('/app/resources/app.asar', 'package.json'))
      return JSON.stringify({ name: 'operately-tray', productName: 'Operately Tray', version: '9.8.7' })
    }
    expect(versionAnswer(['tray', '--version'], '/app/resources/app.asar/out/main', read)).toBe(
      'Operately Tray 9.8.7',
    )
  })

  it('leaves every other start alone, including a --version that is the executable’s own path', () => {
    const read = () => {
      throw new Error('must not be read')
    }
    expect(versionAnswer(['tray'], '/x/out/main', read)).toBeNull()
    expect(versionAnswer(['tray', '--hidden', '--versionx'], '/x/out/main', read)).toBeNull()
    expect(versionAnswer(['--version'], '/x/out/main', read)).toBeNull()
  })
})
