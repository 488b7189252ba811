import { describe, expect, it } from 'vitest'
import { askOverPopup, type QuestionHost } from './question-over-popup'

/** A popup that writes down what is done to it, in order; `onTop` is where a window manager would stack it. */
function fakePopup() {
  const journal: string[] = []
  const popup: QuestionHost & { onTop: boolean; held: number } = {
    onTop: true,
    held: 0,
    holdOpen() {
      popup.held++
      journal.push('held')
      return () => {
        popup.held--
        journal.push('released')
      }
    },
    setAlwaysOnTop(onTop) {
      popup.onTop = onTop
      journal.push(onTop ? 'on top' : 'stepped down')
    },
  }
  return { popup, journal }
}

/** A dialog the test answers when it likes; records that it was shown and what the popup was then. */
function dialog(journal: string[], popup: { onTop: boolean }) {
  let answer: (value: boolean) => void = () => {}
  let fail: (error: Error) => void = () => {}
  const shown = () => {
    journal.push(`dialog shown (popup on top: ${popup.onTop})`)
    return new Promise<boolean>((resolve, reject) => {
      answer = resolve
      fail = reject
    })
  }
  return { shown, answer: (value: boolean) => answer(value), fail: (error: Error) => fail(error) }
}

describe('a question over the always-on-top popup', () => {
  it('steps the popup down before the dialog shows, keeps it down while it is open, and puts it back after', async () => {
    const { popup, journal } = fakePopup()
    const box = dialog(journal, popup)
    const asked = askOverPopup(popup, box.shown)
    // While the question is open no window manager has a reason to stack the popup over it.
    expect(popup.onTop).toBe(false)
    expect(popup.held).toBe(1)
    box.answer(true)
    await expect(asked).resolves.toBe(true)
    expect(journal).toEqual([
      'held',
      'stepped down',
      'dialog shown (popup on top: false)',
      'on top',
      'released',
    ])
    expect(popup.onTop).toBe(true)
    expect(popup.held).toBe(0)
  })

  it('comes back on top when the dialog fails too', async () => {
    const { popup, journal } = fakePopup()
    const box = dialog(journal, popup)
    const asked = askOverPopup(popup, box.shown)
    box.fail(new Error('the dialog could not be shown'))
    await expect(asked).rejects.toThrow('the dialog could not be shown')
    expect(popup.onTop).toBe(true)
    expect(popup.held).toBe(0)
  })

  it('stays down until the last of two questions open at once is answered', async () => {
    const { popup, journal } = fakePopup()
    const first = dialog(journal, popup)
    const second = dialog(journal, popup)
    const one = askOverPopup(popup, first.shown)
    const two = askOverPopup(popup, second.shown)
    first.answer(false)
    await one
    expect(popup.onTop).toBe(false)
    second.answer(true)
    await two
    expect(popup.onTop).toBe(true)
    expect(journal.filter((entry) => entry === 'stepped down' || entry === 'on top')).toEqual([
      'stepped down',
      'on top',
    ])
  })
})
