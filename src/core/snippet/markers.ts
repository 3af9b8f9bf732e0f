// Elision markers in a snippet: a line that says "the file's lines stay here". The engine's own markers
// (tiers/elision.ts) plus the phrasings chat answers use that are not written as dots.

import { isElisionMarker } from '../tiers/elision';

/** `// rest unchanged`, `# remainder as before`, `{/* ... *\/}` (JSX), `// etc.` */
const EXTRA = [
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*(?:the\s+)?(?:rest|remainder)\b[\w\s,'’()-]*\b(?:unchanged|same|as before|as is|stays?)\b[\s.…]*(?:\*+\/|-->)?$/i,
  /^\{\s*\/\*\s*(?:\.{3}|…)[\w\s,'’()-]*(?:\.{3}|…)?\s*\*\/\s*\}$/,
  /^(?:\/\/+|#+)\s*etc\.?$/i,
];

export function isSnippetMarker(line: string): boolean {
  if (isElisionMarker(line)) return true;
  const t = line.trim();
  return t.length > 0 && t.length <= 80 && EXTRA.some((re) => re.test(t));
}

/** What a marker becomes in the old and new text handed to the merge: one the merge itself recognises. */
export const CANONICAL_MARKER = '...';
