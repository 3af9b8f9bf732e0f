// Text from an edit, a file, a path or a parse error is untrusted: a model or a paste wrote it. VS Code gives
// some characters a meaning in what an extension shows — a notification turns `[label](command:…)` into a link
// that runs the command, a status bar item or a code lens turns `$(name)` into an icon, a MarkdownString renders
// everything markdown can do — so every such text reaches the screen through one of these functions, chosen by
// where it is shown. Pure (no `vscode`): unit-tested in test/unit/untrusted.test.ts against the renderers' syntax.

/**
 * For a MarkdownString (hovers, tree tooltips, the tool's confirmation): every ASCII punctuation character
 * backslash-escaped. CommonMark allows escaping each of them, and every markdown construct (links, autolinks,
 * emphasis, code, headings, lists, tables, HTML, entities, `$(icon)`) starts with one, so the text renders as
 * itself and nothing more. Line breaks become spaces: a new line could start a block (a fence, a heading).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n?|\n/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/**
 * For a notification or a dialog (message and detail). Notifications render nothing but links, written
 * `[label](target)` with the `(` right after the `]` (VS Code's linkedText.ts); a backslash between the two
 * leaves the text readable and no link (markdown would not read one there either). `$(icon)` is escaped too,
 * for the status bar and quick picks, which share this text.
 */
export function plainText(text: string): string {
  return escapeIcons(text.replace(/\](?=\()/g, ']\\'));
}

/**
 * For a status bar text, a code lens title or a quick pick label: `$(name)` (and `$(name~spin)`) renders as an
 * icon there; VS Code's own escape, a backslash before the `$`, shows it as written.
 */
export function escapeIcons(text: string): string {
  return text.replace(/(\\)?\$\(/g, (m, escaped: string | undefined) => (escaped ? m : '\\$('));
}

/**
 * A fenced code block that the text cannot close: the fence is longer than the longest run of backticks
 * anywhere in it (a closing fence may be indented, or follow a diff's ` `/`-`/`+`; counting only the runs at
 * the start of a line, as MarkdownString.appendCodeblock does, lets a diff line end the block early).
 * `language` is the extension's own (e.g. 'diff').
 */
export function codeBlock(text: string, language = ''): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `\n${fence}${language}\n${text}\n${fence}\n`;
}
