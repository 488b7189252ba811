// What `node:path` is under Windows, for the second run of the platform-dependent tests
// (vitest.win32.config.ts): the same module the code imports, with Windows' separators, drive letters
// and rules. Imported as bare 'path' so the alias that points `node:path` here does not point back at it.
import { win32 } from 'path'

export default win32
export const {
  basename,
  delimiter,
  dirname,
  extname,
  format,
  isAbsolute,
  join,
  normalize,
  parse,
  relative,
  resolve,
  sep,
  toNamespacedPath,
} = win32
export const posix = win32.posix
export { win32 }
