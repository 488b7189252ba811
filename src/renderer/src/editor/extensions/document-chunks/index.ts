// A long document drawn in chunks of blocks: why and what a chunk is (nodes.ts), reading and making them
// (chunk-tree.ts), and the plugins that keep them out of every command's way (keeper.ts).
export { CHUNK_BLOCKS, ChunkedDocument, DocumentChunk } from './nodes'
export { amongBlocks, blockRemovalRange, chunkedDocument, flatDocument, flattenChunks } from './chunk-tree'
export { DocumentChunkKeeper, DocumentChunkKeys } from './keeper'
