/**
 * Types `value` into a text field as a key would: the value set through the element's own setter (React
 * watches that one) and an input event, dispatched synchronously so that a test can look at the page
 * between the key's render and whatever follows it a task later.
 */
export function typeInto(input: HTMLInputElement, value: string): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  setValue.call(input, value)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
