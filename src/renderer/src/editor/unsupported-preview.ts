import { isPlainObject } from './json'

const MAX_PREVIEW = 80

/**
 * A short excerpt of the words inside content this editor cannot edit (a table, a task list…), so the
 * "Unsupported content" placeholder still tells the reader what it holds.
 */
export function unsupportedPreview(original: unknown): string {
  const parts: string[] = []
  let length = 0
  const visit = (value: unknown): void => {
    if (length > MAX_PREVIEW) return
    if (Array.isArray(value)) {
      for (const item of value) visit(item)
      return
    }
    if (!isPlainObject(value)) return
    if (typeof value.text === 'string') {
      parts.push(value.text)
      length += value.text.length
    }
    visit(value.content)
  }
  visit(original)
  const text = parts.join(' ').replace(/\s+/g, ' ').trim()
  return text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW - 1).trimEnd()}…` : text
}
