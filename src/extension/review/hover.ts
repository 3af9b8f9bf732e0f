// The hover on a pending span: which tier matched and what that means, score, lines, what was normalised,
// what applying will write (the file's lines against the result), why to look first, the old text as given
// against the text in the file, and links that act on this edit.
import { lineDiff } from '../../core/lineDiff';
import { withoutTrailing } from '../../core/normalize';
import * as vscode from 'vscode';
import type { PendingEdit, PendingEdits } from './pendingEdits';
import { formatLines, formatScore, tierMeaning } from './tierInfo';
import { codeBlock, escapeMarkdown } from '../messages/untrusted';

/**
 * The only commands a hover link may run (trust is never granted wholesale, and HTML never rendered). Their arguments are built here
 * from the pending edit's id, which the extension made; the edit's own text only ever appears escaped or inside
 * a code block it cannot close (untrusted.ts).
 */
export const HOVER_COMMANDS = ['fuzzyEdit.applyPending', 'fuzzyEdit.applyAllPending', 'fuzzyEdit.rejectPending', 'fuzzyEdit.showDiff'];
const MAX_DIFF_LINES = 40;

export class PendingHoverProvider implements vscode.HoverProvider {
  constructor(private readonly pending: PendingEdits) {}

  provideHover(doc: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const p = this.pending.at(doc.uri, doc.offsetAt(position));
    if (!p) return undefined;
    const span = p.spans.find((s) => s.start <= doc.offsetAt(position) && doc.offsetAt(position) <= s.end) ?? p.spans[0];
    const line = (offset: number) => doc.positionAt(offset).line;
    const md = hoverMarkdown(p, p.spans.indexOf(span), { startLine: line(span.start), endLine: line(Math.max(span.start, span.end - 1)) });
    return new vscode.Hover(md, new vscode.Range(doc.positionAt(span.start), doc.positionAt(span.end)));
  }
}

/** `now`: the span's lines in the document as it is (it may have moved since it was resolved). */
export function hoverMarkdown(p: PendingEdit, spanIndex = 0, now?: { startLine: number; endLine: number }): vscode.MarkdownString {
  const span = p.spans[spanIndex] ?? p.spans[0];
  const m = span.match;
  const md = new vscode.MarkdownString();
  md.isTrusted = { enabledCommands: HOVER_COMMANDS };
  const of = p.requestSize > 1 ? ` — edit ${p.index + 1} of ${p.requestSize}` : '';
  const occurrences = p.spans.length > 1 ? ` (occurrence ${spanIndex + 1} of ${p.spans.length})` : '';
  md.appendMarkdown(`**Fuzzy Edit: pending edit**${of}${occurrences}\n\n`);
  md.appendMarkdown(`**Tier:** \`${m.tier}\` — ${escapeMarkdown(tierMeaning(m.tier))}.\n\n`);
  const where = now ?? m;
  md.appendMarkdown(`**Score:** ${formatScore(m.score)} · **Where:** ${formatLines(where.startLine, where.endLine)}`);
  if (p.touched) md.appendMarkdown(' · *the text here changed since; applying re-resolves it*');
  md.appendMarkdown('\n\n');
  md.appendMarkdown(`**Normalised:** ${m.normalized.length ? m.normalized.map(escapeMarkdown).join(', ') : 'nothing'}`);
  if (m.chosenByHint) md.appendMarkdown(' · chosen among equal candidates by the hint');
  md.appendMarkdown('\n\n');
  const arg = (v: unknown) => encodeURIComponent(JSON.stringify([v]));
  md.appendMarkdown(
    `[Apply](command:fuzzyEdit.applyPending?${arg(p.id)} "Apply this edit") · ` +
      `[Apply All](command:fuzzyEdit.applyAllPending "Apply every pending edit") · ` +
      `[Reject](command:fuzzyEdit.rejectPending?${arg(p.id)} "Drop this edit") · ` +
      `[Show Diff](command:fuzzyEdit.showDiff?${arg(p.id)} "Compare the document with the result")\n\n`,
  );
  // What applying writes, first: the file's lines (−) and what takes their place (+).
  const written = givenVersusFile(span.original, span.text);
  md.appendMarkdown('**Will write** — the text in the file (−) and what replaces it (+):\n');
  md.appendMarkdown(codeBlock(written ?? ' (no change)', 'diff'));
  if (m.review?.length) md.appendMarkdown(`\n**Look first:** ${m.review.map(escapeMarkdown).join('; ')}.\n\n`);
  // A bare code block has no old text: what it is compared with is the code given.
  const given = p.edit.snippet ? p.edit.newString : p.edit.oldString;
  const diff = givenVersusFile(given, m.text);
  if (diff === undefined) md.appendMarkdown(`The ${p.edit.snippet ? 'code block' : 'old text'} appears in the file exactly as given.\n`);
  else {
    md.appendMarkdown(`${p.edit.snippet ? 'Code block' : 'Old text'} as given (−) against the text in the file (+):\n`);
    md.appendMarkdown(codeBlock(diff, 'diff'));
  }
  return md;
}

/** A line diff, or undefined when they are equal. */
export function givenVersusFile(given: string, actual: string): string | undefined {
  const a = given.replace(/\r\n?/g, '\n');
  const b = actual.replace(/\r\n?/g, '\n');
  if (a === b) return undefined;
  const out: string[] = [];
  // Bounded work (lineDiff): an old text of thousands of lines, each rewritten, must not hold the host.
  for (const part of lineDiff(a.replace(/\n$/, '').split('\n'), b.replace(/\n$/, '').split('\n'), false)) {
    const prefix = part.added ? '+' : part.removed ? '-' : ' ';
    for (const line of part.value) out.push(prefix + visible(line));
  }
  if (out.length > MAX_DIFF_LINES) return [...out.slice(0, MAX_DIFF_LINES), `… ${out.length - MAX_DIFF_LINES} more lines`].join('\n');
  return out.join('\n');
}

/** Makes tabs and trailing spaces visible: they are often the whole difference. */
function visible(line: string): string {
  const shown = line.replace(/\t/g, '→   ');
  // (A loop, not / +$/: that retries from every space of a long run that does not end the line.)
  const kept = withoutTrailing(shown, ' ');
  return kept + '·'.repeat(shown.length - kept.length);
}
