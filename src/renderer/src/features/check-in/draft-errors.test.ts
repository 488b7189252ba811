import { describe, expect, it } from 'vitest'
import { BridgeError } from '../../bridge/bridge-error'
import { draftErrorText } from './draft-errors'

describe('draftErrorText', () => {
  it('says a disk that refused the draft in main’s words, and that the words are only on screen', () => {
    const words =
      "The disk that holds the app's data folder is full, so the app could not write to it, and nothing was sent. Free some space on that disk, then press the button again."
    expect(draftErrorText(new BridgeError({ kind: 'disk', message: words }), 'fallback')).toBe(
      `${words} What you wrote is still on screen, but not saved on this computer: keep this window open until it is.`,
    )
  })

  it('gives any other failure as main said it, and the fallback for what is not an error', () => {
    expect(draftErrorText(new BridgeError({ kind: 'internal', message: 'Broken.' }), 'fallback')).toBe(
      'Broken.',
    )
    expect(draftErrorText('nonsense', 'The draft could not be saved.')).toBe('The draft could not be saved.')
  })
})
