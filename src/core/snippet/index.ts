export { applySnippet, type SnippetOptions } from './apply';
export { parseSnippetBlock, type SnippetBlock } from './parse';
export { isSnippetMarker } from './markers';
