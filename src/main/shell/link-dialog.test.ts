import { beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../services/log/logger'
import { createLinkDialog } from './link-dialog'
import { createPopupWindow } from './popup-window'
import { FakeBrowserWindow, dialog, resetFakeElectron } from './testing/fake-electron'

vi.mock('electron', () => import('./testing/fake-electron'))

const web = {
  kind: 'web',
  host: 'wiki.example.com',
  url: 'https://wiki.example.com/warehouse?page=2',
} as const
const trayAtBottomRight = { x: 1700, y: 1040, width: 24, height: 40 }

function setup() {
  const clock = { now: 10_000 }
  const popup = createPopupWindow({
    preload: '/app/out/preload/index.cjs',
    platform: 'win32',
    devTools: false,
    log: silentLogger,
    now: () => clock.now,
  })
  const window = FakeBrowserWindow.instances.at(-1)
  if (!window) throw new Error('no window was created')
  const ask = createLinkDialog(() => popup)
  /** Shows the popup and lets the blur grace pass, as when the person has been reading for a while. */
  const showPopup = () => {
    popup.show(trayAtBottomRight)
    clock.now += 2000
  }
  const openBox = () => {
    const box = dialog.messageBoxes.at(-1)
    if (!box) throw new Error('no message box is open')
    return box
  }
  return { popup, window, ask, showPopup, openBox }
}

describe("main's link dialog", () => {
  beforeEach(() => resetFakeElectron())

  it('asks "Open … in your browser?" with Open and Cancel, Cancel the default and the cancel answer, the whole address in the detail', async () => {
    const { ask, showPopup, openBox } = setup()
    showPopup()
    const answer = ask(web)
    expect(openBox().options).toMatchObject({
      type: 'question',
      message: 'Open wiki.example.com in your browser?',
      detail: 'https://wiki.example.com/warehouse?page=2',
      buttons: ['Open', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
    })
    openBox().answer(1)
    expect(await answer).toBe(false)
  })

  it('answers yes only for Open', async () => {
    const { ask, showPopup, openBox } = setup()
    showPopup()
    const open = ask(web)
    openBox().answer(0)
    expect(await open).toBe(true)
    const cancel = ask(web)
    openBox().answer(1)
    expect(await cancel).toBe(false)
  })

  it('names the recipients of a mail link', () => {
    const { ask, showPopup, openBox } = setup()
    showPopup()
    void ask({ kind: 'mail', to: 'ann@example.com', url: 'mailto:ann@example.com?subject=Launch' })
    expect(openBox().options).toMatchObject({
      message: 'Write an e-mail to ann@example.com in your mail program?',
      detail: 'mailto:ann@example.com?subject=Launch',
    })
    openBox().answer(1)
  })

  it('is modal to the popup while the popup is on screen, so it stays in front of it', () => {
    const { ask, window, showPopup, openBox } = setup()
    showPopup()
    void ask(web)
    expect(openBox().parent).toBe(window)
    openBox().answer(1)
  })

  it('steps the always-on-top popup down while the box is open, so no window manager stacks it over the box, and puts it back after', async () => {
    const { ask, window, showPopup, openBox } = setup()
    showPopup()
    expect(window.alwaysOnTop).toBe(true)
    const answer = ask(web)
    expect(openBox().parent).toBe(window)
    expect(window.alwaysOnTop).toBe(false)
    openBox().answer(0)
    expect(await answer).toBe(true)
    expect(window.alwaysOnTop).toBe(true)
  })

  it('puts the popup back on top when showing the box failed', async () => {
    const { window, ask, showPopup } = setup()
    showPopup()
    const broken = vi.spyOn(dialog, 'showMessageBox').mockRejectedValueOnce(new Error('no display'))
    await expect(ask(web)).rejects.toThrow('no display')
    broken.mockRestore()
    expect(window.alwaysOnTop).toBe(true)
  })

  it('shows no box while the popup is hidden (a box out of nowhere, asked by a page nobody sees)', async () => {
    const { ask } = setup()
    await expect(ask(web)).rejects.toThrow('the popup is not on screen')
    expect(dialog.messageBoxes).toHaveLength(0)
  })

  it('keeps the popup up while it is open (its blur, a tray click, a hide request), and blur hides it again once answered', async () => {
    const { popup, window, ask, showPopup, openBox } = setup()
    showPopup()
    // The box opens and takes the focus: the popup gets its blur (the fake does what the OS does).
    const answer = ask(web)
    expect(window.focused).toBe(false)
    expect(window.isVisible()).toBe(true)
    // Another blur, a tray click, the page's Escape: the popup, and with it the box, stay.
    window.blur()
    popup.toggle(trayAtBottomRight)
    popup.hide()
    expect(window.isVisible()).toBe(true)
    expect(openBox().parent).toBe(window)

    openBox().answer(1)
    await answer
    expect(window.focused).toBe(true)
    expect(window.isVisible()).toBe(true)
    // The box is gone: clicking elsewhere hides the popup as always.
    window.blur()
    expect(window.isVisible()).toBe(false)
  })

  it('lets the popup hide again even when showing the box failed', async () => {
    const { window, ask, showPopup } = setup()
    showPopup()
    const broken = vi.spyOn(dialog, 'showMessageBox').mockRejectedValueOnce(new Error('no display'))
    await expect(ask(web)).rejects.toThrow('no display')
    broken.mockRestore()
    window.blur()
    expect(window.isVisible()).toBe(false)
  })
})
