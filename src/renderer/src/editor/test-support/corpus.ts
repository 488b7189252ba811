/// <reference types="vite/client" />
// The document corpus (corpus/*.json), loaded through Vite's import.meta.glob because renderer code has
// no file system access.
import type { ServerDoc } from '../json'

const modules = import.meta.glob<ServerDoc>('../corpus/*.json', { eager: true, import: 'default' })

export const corpus: Array<[name: string, doc: ServerDoc]> = Object.entries(modules)
  .map(([path, doc]): [string, ServerDoc] => [path.replace('../corpus/', ''), doc])
  .sort(([a], [b]) => a.localeCompare(b))

export function corpusDocument(name: string): ServerDoc {
  const found = corpus.find(([file]) => file === name)
  if (!found) throw new Error(`No corpus document named ${name}`)
  // A fresh copy, so no test can change what another one reads.
  return structuredClone(found[1])
}
