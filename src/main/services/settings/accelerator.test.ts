import { describe, expect, it } from 'vitest'
import { checkAccelerator } from './accelerator'

describe('checkAccelerator', () => {
  it('accepts the usual shortcuts and spells them the way Electron documents them', () => {
    expect(checkAccelerator('CommandOrControl+Shift+O')).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Shift+O',
    })
    expect(checkAccelerator(' ctrl + alt + space ')).toEqual({ ok: true, accelerator: 'Ctrl+Alt+Space' })
    expect(checkAccelerator('Super+F5')).toEqual({ ok: true, accelerator: 'Super+F5' })
    expect(checkAccelerator('Alt+Plus')).toEqual({ ok: true, accelerator: 'Alt+Plus' })
    expect(checkAccelerator('CmdOrCtrl+/')).toEqual({ ok: true, accelerator: 'CmdOrCtrl+/' })
  })

  it('allows keys nobody types on their own, such as F13 and media keys', () => {
    expect(checkAccelerator('F13')).toEqual({ ok: true, accelerator: 'F13' })
    expect(checkAccelerator('MediaPlayPause').ok).toBe(true)
  })

  it('refuses shortcuts that would take a typing key away from every app', () => {
    for (const text of ['O', 'Shift+O', 'Space', 'F5']) {
      const check = checkAccelerator(text)
      expect(check.ok, text).toBe(false)
      if (!check.ok) expect(check.problem).toContain('every app')
    }
  })

  it('explains what is wrong with malformed shortcuts', () => {
    const problem = (text: string) => {
      const check = checkAccelerator(text)
      return check.ok ? null : check.problem
    }
    expect(problem('')).toContain('empty')
    expect(problem('Ctrl++')).toContain('Plus')
    expect(problem('Ctrl+Shift')).toContain('no key')
    expect(problem('Ctrl+Banana')).toContain('“Banana” is not a key')
    expect(problem('Hyper+O')).toContain('“Hyper” is not a modifier')
    expect(problem('Ctrl+ctrl+O')).toContain('Ctrl twice')
    expect(problem('Ctrl+'.repeat(30) + 'O')).toContain('too long')
  })
})
