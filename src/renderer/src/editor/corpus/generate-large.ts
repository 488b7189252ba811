// Writes the 1 MB corpus document to standard output:
//   npx tsx src/renderer/src/editor/corpus/generate-large.ts > src/renderer/src/editor/corpus/large-1mb.json
// (Printed rather than written with node:fs because this folder is renderer code, which has no Node APIs.)
import { generateLargeDocument } from './large-document'

console.log(JSON.stringify(generateLargeDocument()))
