import { describe, expect, it } from 'vitest'
import { loadKeytar } from './load-keytar'

const keytarLike = {
  getPassword: async () => null,
  setPassword: async () => {},
  deletePassword: async () => true,
}

describe('loadKeytar', () => {
  it('accepts the module as Node hands a CommonJS module to ESM ({ default: exports })', async () => {
    expect(await loadKeytar(async () => ({ default: keytarLike }))).toBe(keytarLike)
  })

  it('accepts the module namespace itself when its functions are named exports', async () => {
    expect(await loadKeytar(async () => keytarLike)).toBe(keytarLike)
  })

  it('turns a native module that fails to load into a message saying what it means and what to do', async () => {
    const failing = loadKeytar(async () => {
      throw new Error("Cannot find module '../build/Release/keytar.node'\nRequire stack: ...")
    })
    await expect(failing).rejects.toThrow(
      "Operately Tray cannot use the system keychain, where it keeps your API token: its keychain component failed to load (Cannot find module '../build/Release/keytar.node'). Reinstalling Operately Tray usually fixes this.",
    )
  })

  it('refuses a module that lacks the keychain functions', async () => {
    await expect(loadKeytar(async () => ({ default: { getPassword: () => null } }))).rejects.toThrow(
      /keychain component is incomplete/,
    )
  })

  it('loads the real keytar package by default', async () => {
    const keytar = await loadKeytar()
    expect(typeof keytar.getPassword).toBe('function')
  })
})
