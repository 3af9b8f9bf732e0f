// A chat answer's code block as a snippet: the code without its markdown fence, and what the fence's info
// string says (`ts src/x.ts`: a language and a path).

import { fenceCloser, fenceInfo } from '../formats/text';

export interface SnippetBlock {
  /** The code, LF line endings, without the fence. */
  code: string;
  /** The fence's language word, when there was a fence with one. */
  lang?: string;
  /** A path in the fence's info string (```` ```ts src/x.ts ```` or ```` ```src/x.ts ````), when there is one. */
  path?: string;
  /** True when a fence was taken off. */
  fenced: boolean;
}

const OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^`]*)$/;

/**
 * The first fenced block of `text` if it has one (prose around it is ignored), else the whole text. A block
 * whose closing fence is missing (an answer copied before it finished) runs to the end.
 */
export function parseSnippetBlock(text: string): SnippetBlock {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((l) => OPEN.test(l));
  if (at < 0) return { code: lines.join('\n'), fenced: false };
  const [, fence, info] = OPEN.exec(lines[at])!;
  const close = fenceCloser(fence);
  let end = lines.findIndex((l, i) => i > at && close.test(l));
  if (end < 0) end = lines.length;
  return { code: lines.slice(at + 1, end).join('\n'), fenced: true, ...fenceInfo(info) };
}
