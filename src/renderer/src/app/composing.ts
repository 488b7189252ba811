import type { KeyboardEvent } from 'react'

/**
 * Whether a key belongs to a word an input method is composing (Japanese, Chinese, Korean…): its Enter
 * takes the candidate, its arrows walk the candidates, its Escape drops them. Such keys are the input
 * method's, never a list's. Chromium says so by isComposing; 229 is the key code it gives a key the input
 * method took (the Enter that ends a composition, in some input methods, comes so).
 */
export const isComposing = (event: KeyboardEvent): boolean =>
  event.nativeEvent.isComposing || event.keyCode === 229
