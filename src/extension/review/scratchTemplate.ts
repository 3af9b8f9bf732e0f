// The text of a New Edit scratch document. Pure (no `vscode`): unit-tested in test/unit.
//
// Its first line is a name ("Fuzzy Edit — cart.ts"): VS Code titles an untitled document by its first line, so
// that is what its tab says. The block is in Fuzzy Edit's own dialect (src/core/formats/searchReplace.ts), which
// has no line the merge-conflict extension reads as a git conflict.

/** The language id contributed for scratch documents (package.json `contributes.languages`). */
export const SCRATCH_LANGUAGE = 'fuzzy-edit';

/**
 * @param name the target's short name for the title (undefined: no target yet)
 * @param path the path line naming the target (undefined: none, e.g. an untitled target bound by the scratch)
 * @param selected the text to start from, put under SEARCH (and under REPLACE, unless `replacement` is given)
 */
export function scratchTemplate(name: string | undefined, path: string | undefined, selected: string, replacement = selected): string {
  const body = selected.replace(/\r\n?/g, '\n');
  const newBody = replacement.replace(/\r\n?/g, '\n');
  return [
    `Fuzzy Edit — ${oneLine(name ?? 'new edit')}`,
    'Put the old text under SEARCH and the new text under REPLACE, then click "Resolve" or "Apply" above.',
    'More blocks may follow, each after its file path.',
    '',
    ...(path ? [path] : []),
    '------- SEARCH',
    body,
    '------- REPLACE',
    newBody,
    '------- END',
    '',
  ].join('\n');
}

/** A file name never breaks the title line (untrusted: a name can hold a line break). */
function oneLine(s: string): string {
  const last = s.replace(/[\r\n\u2028\u2029]+/g, ' ').split('/').pop() ?? s;
  return last.length > 60 ? `${last.slice(0, 57)}…` : last;
}
