// The words of the `fuzzy_edit` language-model tool: what the model reads back after a call, and what the
// user sees before confirming one. Pure (no `vscode`): file names come in already shown as people see them.
// Written so that a model's next call succeeds: the tier and lines on success, the engine's refusal (tiers
// tried, closest place and first difference, or the ambiguous line ranges) plus the closest text on failure.
import type { EditOutcome, MatchSummary, RequestOutcome } from '../request/outcome';
import { formatLines, formatScore } from '../review/tierInfo';
import { maxOf, minOf } from '../../core/arrays';

/** Lines of the closest place quoted back to the model, at most. */
const MAX_QUOTED_LINES = 30;

/** "lines 12–18", or "lines 3–4, 9–10 (2 occurrences)" for replaceAll. */
export function describeWhere(matches: readonly Pick<MatchSummary, 'startLine' | 'endLine'>[]): string {
  if (matches.length === 1) return formatLines(matches[0].startLine, matches[0].endLine);
  const list = matches.map((m) => (m.startLine === m.endLine ? `${m.startLine + 1}` : `${m.startLine + 1}–${m.endLine + 1}`));
  return `lines ${list.join(', ')} (${matches.length} occurrences)`;
}

/** "tier: indentation, score 1.00": the loosest tier of the matches, and the lowest score. */
export function describeTier(matches: readonly Pick<MatchSummary, 'tier' | 'score'>[]): string {
  const worst = matches.reduce((a, b) => (b.score < a.score ? b : a));
  return `tier: ${worst.tier}, score ${formatScore(worst.score)}`;
}

function describeEdit(o: EditOutcome, file: string, withDiff = true): string {
  const at = o.matches.length > 0 ? `${file} ${describeWhere(o.matches)} (${describeTier(o.matches)})` : file;
  switch (o.status) {
    case 'applied':
      return `Applied to ${at}.` + (withDiff ? written(o.diff, 'What was written') : '');
    case 'pending':
      return `Proposed for review in ${at}: it is NOT applied yet — the user must accept it in the editor. Do not send it again.` + (withDiff ? written(o.diff, 'What it would write') : '');
    case 'already_applied':
      return `Already applied in ${file}: ${o.message ?? 'nothing to do.'}`;
    case 'resolved':
      return `Not applied (found at ${at}), because the call was refused as a whole.`;
    case 'refused': {
      let text = `Refused: ${o.message ?? o.code ?? 'refused'}`;
      if (o.closest && o.closest.text.trim()) {
        const lines = o.closest.text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
        const shown = lines.slice(0, MAX_QUOTED_LINES).join('\n');
        const more = lines.length > MAX_QUOTED_LINES ? `\n… (${lines.length - MAX_QUOTED_LINES} more lines)` : '';
        text += `\nThe closest text, ${formatLines(o.closest.startLine, o.closest.endLine)} of ${file}, is:\n${fence(shown)}\n${shown}${more}\n${fence(shown)}`;
      }
      return text;
    }
  }
}

/** Lines of the written diff quoted back to the model, at most. */
const MAX_DIFF_LINES = 60;

/**
 * The diff actually written, so the model sees the real result (not what it meant to write): the file's lines
 * with their numbers, as an editor shows "the snippet after your edit".
 */
function written(diff: string | undefined, title: string): string {
  if (!diff) return '';
  const lines = diff.split('\n');
  const shown = lines.slice(0, MAX_DIFF_LINES).join('\n');
  const more = lines.length > MAX_DIFF_LINES ? `\n… (${lines.length - MAX_DIFF_LINES} more lines)` : '';
  return `\n${title}:\n${fence(shown)}diff\n${shown}${more}\n${fence(shown)}`;
}

/** A fence longer than any run of backticks in the text. */
function fence(text: string): string {
  const longest = Math.max(0, maxOf((text.match(/`+/g) ?? []).map((s) => s.length)));
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * The tool result for a request's outcome. `files[i]` names the file of edit i (as people see it).
 * One edit: one paragraph. Several: a first line saying what happened to the whole call, then one line each.
 */
export function describeOutcome(outcome: RequestOutcome, files: readonly (string | undefined)[]): string {
  const file = (o: EditOutcome) => files[o.index] ?? 'the file';
  const edits = [...outcome.edits].sort((a, b) => a.index - b.index);
  const failed = outcome.status === 'refused' || outcome.status === 'cancelled';
  if (edits.length === 0) return `${failed ? 'Refused: ' : ''}${outcome.message}`;
  if (edits.length === 1) {
    const o = edits[0];
    // Refused for a reason of the request (read-only, overlap, VS Code said no): the request's message.
    if (failed && o.status !== 'refused') return `Refused: ${outcome.message}`;
    return describeEdit(o, file(o));
  }
  const refusedEdits = edits.filter((o) => o.status === 'refused');
  let head: string;
  if (failed) {
    head =
      refusedEdits.length > 0
        ? `Nothing was changed: ${refusedEdits.length === 1 ? `edit ${refusedEdits[0].index + 1}` : `edits ${refusedEdits.map((o) => o.index + 1).join(', ')}`} of ${edits.length} ${refusedEdits.length === 1 ? 'was' : 'were'} refused, and the edits of one call apply all together or not at all. Fix ${refusedEdits.length === 1 ? 'it' : 'them'} and send all the edits again.`
        : `Nothing was changed: ${outcome.message}`;
  } else {
    const count = (s: EditOutcome['status']) => edits.filter((o) => o.status === s).length;
    const parts = [
      count('applied') && `${count('applied')} applied`,
      count('pending') && `${count('pending')} waiting for the user's review`,
      count('already_applied') && `${count('already_applied')} already applied`,
    ].filter(Boolean);
    head = `${edits.length} edits: ${parts.join(', ')}.`;
  }
  // One line per edit, then what each applied (or proposed) edit writes.
  const diffs = failed ? [] : edits.filter((o) => o.diff && (o.status === 'applied' || o.status === 'pending')).map((o) => written(o.diff, `Edit ${o.index + 1} ${o.status === 'applied' ? 'wrote' : 'would write'}`).slice(1));
  return [head, ...edits.map((o) => `${o.index + 1}. ${describeEdit(o, file(o), false)}`), ...diffs].join('\n');
}

/** How one edit resolves right now, before anything is applied (for the confirmation). */
export type Preview =
  | { kind: 'ok'; file: string; matches: Pick<MatchSummary, 'tier' | 'score' | 'startLine' | 'endLine'>[]; appliesAtOnce: boolean; notOpen?: boolean }
  | { kind: 'refused' | 'already_applied'; file: string; message: string };

export interface PreparedText {
  /** Shown while the tool runs. */
  invocation: string;
  /** The confirmation's title and message; undefined when nothing would change (refusals need no consent). */
  confirmation?: { title: string; message: string };
}

function previewLine(p: Preview): string {
  if (p.kind !== 'ok') return p.kind === 'already_applied' ? `${p.file}: already applied, nothing to change.` : `${p.file}: will be refused — ${p.message}`;
  const tiers = [...new Set(p.matches.map((m) => m.tier))].join(', ');
  // A file no editor shows is changed where the user is not looking (and auto-save may write it): say so.
  const review = (p.notOpen ? ' The file is not open in an editor.' : '') + (p.appliesAtOnce ? '' : ' It will wait for your review in the editor.');
  return `Replace ${describeWhere(p.matches)} of ${p.file} (matched by ${tiers}, score ${formatScore(minOf(p.matches.map((m) => m.score)))})?${review}`;
}

export function describePreview(previews: readonly Preview[]): PreparedText {
  const ok = previews.filter((p): p is Extract<Preview, { kind: 'ok' }> => p.kind === 'ok');
  const refused = previews.some((p) => p.kind === 'refused');
  if (previews.length === 1) {
    const p = previews[0];
    if (p.kind !== 'ok') return { invocation: `Fuzzy Edit: ${previewLine(p)}` };
    const tiers = [...new Set(p.matches.map((m) => m.tier))].join(', ');
    return {
      invocation: `Editing ${p.file}, ${describeWhere(p.matches)} (${tiers})`,
      confirmation: { title: 'Apply the edit?', message: previewLine(p) },
    };
  }
  const files = [...new Set(previews.map((p) => p.file))].join(', ');
  const invocation = `Editing ${files} (${previews.length} edits)`;
  // A call with a refused edit changes nothing: no consent needed.
  if (refused || ok.length === 0) return { invocation };
  return {
    invocation,
    confirmation: { title: `Apply ${previews.length} edits?`, message: previews.map((p, i) => `${i + 1}. ${previewLine(p)}`).join('\n') },
  };
}
