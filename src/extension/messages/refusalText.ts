// A refused edit told to the person in front of the editor (what happened, in plain words, and where it came
// close), and the correction they can paste back into the chat so the assistant sends an edit that matches:
// it quotes the file's actual lines. The engine's own message (tiers tried, written for a model) stays the
// outcome's message and goes to the log, under Details. Pure (no `vscode`): unit-tested in test/unit.
import type { FindResult, Match } from '../../core';
import { placeCount } from '../../core/messages';
import { formatLines } from '../review/tierInfo';
import { codeBlock } from './untrusted';

type Refusal = Extract<FindResult, { kind: 'not_found' | 'ambiguous' }>;

/** What the refusal is about: the file as it is now, its name for people, its language for the code fence. */
export interface RefusalContext {
  result: Refusal;
  fileName: string;
  /** The document's text when the edit was resolved (offsets of the result point into it). */
  text: string;
  languageId?: string;
  /** "Edit 2 of 3" when the request had several edits. */
  label?: string;
  /** A bare code block (new code only), not an old → new edit. */
  snippet?: boolean;
}

const MAX_CANDIDATES_LISTED = 5;
const MAX_CANDIDATES_QUOTED = 3;
const CONTEXT_LINES = 2;
const MAX_QUOTED_LINES = 60;

function percent(score: number): string {
  return `${Math.floor(score * 100)} %`;
}

/** The first places by their lines, and how many more there are (`count`: all of them, listed by the engine or not). */
export function places(candidates: readonly Pick<Match, 'startLine' | 'endLine'>[], count = candidates.length): string {
  const listed = candidates.slice(0, MAX_CANDIDATES_LISTED).map((c) => formatLines(c.startLine, c.endLine).replace(/^lines? /, ''));
  const more = count > listed.length ? ` and ${count - listed.length} more` : '';
  return `${count === 1 ? 'line' : 'lines'} ${listed.join(', ')}${more}`;
}

/** The plain sentence a notification starts with. Untrusted parts (the name, a quoted line) are escaped by notify.ts. */
export function refusalWords(c: RefusalContext): string {
  const lead = c.label ? `${c.label}: ` : '';
  const what = c.snippet ? 'where this code block goes' : 'this code';
  if (c.result.kind === 'ambiguous') {
    const n = placeCount(c.result);
    return `${lead}${c.snippet ? 'This code block fits' : 'This code appears in'} ${n} places in ${c.fileName} (${places(c.result.candidates, n)}), so it is unclear which one to change. Nothing was changed.`;
  }
  const closest = c.result.closest;
  if (!closest) return `${lead}Couldn't find ${what} in ${c.fileName}, nor anything close to it. Nothing was changed.`;
  let words = `${lead}Couldn't find ${what} in ${c.fileName} — the closest place, ${formatLines(closest.startLine, closest.endLine)}, is ${percent(closest.score)} similar, too different to change safely. Nothing was changed.`;
  const d = closest.firstDifference;
  if (d) words += ` Line ${d.line + 1} of the file reads ${clip(d.actual)} where the edit has ${clip(d.expected)}.`;
  return words;
}

function clip(s: string): string {
  const t = s.trim();
  return JSON.stringify(t.length > 60 ? `${t.slice(0, 57)}...` : t);
}

/** Lines [first, last] of `text` (0-based, inclusive, clamped), at most MAX_QUOTED_LINES of them. */
function quote(text: string, first: number, last: number): { from: number; to: number; body: string } {
  const all = text.split(/\r\n|\r|\n/);
  const from = Math.max(0, first);
  const to = Math.min(all.length - 1, last, from + MAX_QUOTED_LINES - 1);
  return { from, to, body: all.slice(from, to + 1).join('\n') };
}

/**
 * A short message for the assistant that wrote the edit: why it did not apply, and the file's real lines at
 * the closest place (or around each candidate), to copy the old text from.
 */
export function correctionPrompt(c: RefusalContext): string {
  const lang = c.languageId && /^[\w.+-]+$/.test(c.languageId) ? c.languageId : '';
  const ask = c.snippet ? 'Please send the code block again' : 'Please send the edit again';
  if (c.result.kind === 'ambiguous') {
    const cands = c.result.candidates;
    const parts = [
      `Your edit to ${c.fileName} did not apply: its ${c.snippet ? 'code block' : 'old text'} matches ${cands.length} places (${places(cands)}), so it is unclear which one to change.`,
      `${ask} with enough surrounding lines in the old text to match one place only. The file reads there:`,
    ];
    for (const m of cands.slice(0, MAX_CANDIDATES_QUOTED)) {
      const q = quote(c.text, m.startLine - CONTEXT_LINES, m.endLine + CONTEXT_LINES);
      parts.push(`${c.fileName}, ${formatLines(q.from, q.to)}:${codeBlock(q.body, lang).replace(/\n$/, '')}`);
    }
    if (cands.length > MAX_CANDIDATES_QUOTED) parts.push(`(${cands.length - MAX_CANDIDATES_QUOTED} more places not quoted.)`);
    return parts.join('\n\n') + '\n';
  }
  const closest = c.result.closest;
  if (!closest) {
    return `Your edit to ${c.fileName} did not apply: its ${c.snippet ? 'code block' : 'old text'} is not in the file, and nothing in the file is close to it. ${ask} with the old text copied exactly from the current ${c.fileName}.\n`;
  }
  const q = quote(c.text, closest.startLine, closest.endLine);
  const d = closest.firstDifference;
  const diff = d ? ` The first difference is at line ${d.line + 1}: you wrote ${JSON.stringify(d.expected.trim())}, the file has ${JSON.stringify(d.actual.trim())}.` : '';
  return [
    `Your edit to ${c.fileName} did not apply: its old text is not in the file. The closest place is ${formatLines(closest.startLine, closest.endLine)} (${percent(closest.score)} similar).${diff}`,
    `${ask} with the old text copied exactly from these lines of ${c.fileName}, ${formatLines(q.from, q.to)}:${codeBlock(q.body, lang).replace(/\n$/, '')}`,
  ].join('\n\n') + '\n';
}
