// Elision markers in a snippet: a line that says "the file's lines stay here". The engine's own markers
// (tiers/elision.ts) plus the phrasings chat answers use that are not written as dots.

import { isElisionMarker } from '../tiers/elision';

/**
 * `// rest unchanged`, `# (rest unchanged)`, `# remainder as before`, `{/* ... *\/}` (JSX), `// etc.`, `# [...]`,
 * `// keep existing code`, `// code omitted for brevity`: phrasings chat answers use (a helper's hunt of generated
 * answers found the last four written into the file as code).
 */
const EXTRA = [
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*\(?\s*(?:the\s+)?(?:rest|remainder)\b[\w\s,'’-]*\b(?:unchanged|same|as before|as is|stays?)\b[\s.…]*\)?[\s.…]*(?:\*+\/|-->)?$/i,
  /^\{\s*\/\*\s*(?:\.{3}|…)[\w\s,'’()-]*(?:\.{3}|…)?\s*\*\/\s*\}$/,
  /^(?:\/\/+|#+)\s*etc\.?$/i,
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*\[\s*(?:\.{3}|…)\s*\]\s*(?:\*+\/|-->)?$/,
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*keep\s+(?:the\s+|all\s+)?(?:existing|rest|remaining|other|original)(?:\s+(?:of\s+the\s+)?(?:code|lines|methods|functions|fields|implementation|logic|content|body|file))?(?:\s+(?:as\s+is|unchanged|here|intact))?[\s.…]*(?:\*+\/|-->)?$/i,
  /^(?:\/\/+|#+|--|\/\*+|<!--)\s*(?:the\s+)?(?:rest\s+of\s+(?:the\s+)?)?(?:code|implementation|body|details|remainder|rest)\s+(?:omitted|elided|skipped)(?:\s+for\s+brevity)?[\s.…]*(?:\*+\/|-->)?$/i,
];

export function isSnippetMarker(line: string): boolean {
  if (isElisionMarker(line)) return true;
  const t = line.trim();
  return t.length > 0 && t.length <= 80 && EXTRA.some((re) => re.test(t));
}

/** What a marker becomes in the old and new text handed to the merge: one the merge itself recognises. */
export const CANONICAL_MARKER = '...';
