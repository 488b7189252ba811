// A long document drawn in chunks of blocks: why, and the chunk mark (chunk-mark.ts); making, copying and
// keeping chunks (chunk-marks.ts); the extension that keeps them after every edit (chunk-keeper.ts); and
// laying each one out once while the page is idle (chunk-drawing.ts).
export { CHUNK_BLOCKS, ChunkBlockquote, ChunkedDocument, ChunkListItem, DocumentChunk } from './chunk-mark'
export { chunkedDocument, withoutChunk } from './chunk-marks'
export { DocumentChunks, type DocumentChunksOptions } from './chunk-keeper'
