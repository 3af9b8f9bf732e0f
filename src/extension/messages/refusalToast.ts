// The notification of a refused request, with a next step: plain words first (refusalText.ts), then what the
// person can do — see the closest place or the candidates, copy a correction for the assistant, replace every
// occurrence of an exact match that is ambiguous (after a confirmation), or read the details (the log).
import * as vscode from 'vscode';
import type { Closest } from '../../core';
import { showLog, showMessage, showStatus } from './notify';
import { refused, type RefusalCode, type RefusalEvidence, type RequestOutcome } from '../request/outcome';
import { correctionPrompt, places, refusalWords, type RefusalContext } from './refusalText';
import { placeCount } from '../../core/messages';
import { revealSpan } from '../review/reveal';
import type { Services } from '../services';
import { displayName } from '../request/targets';


export const SHOW_CLOSEST = 'Show Closest';
export const SHOW_CANDIDATES = 'Show Candidates';
export const COPY_CORRECTION = 'Copy Correction for the Assistant';
export const REPLACE_ALL = 'Replace All…';
export const DETAILS = 'Details';

/**
 * Shows the refusal. With evidence of a place (not found, ambiguous) the notification leads with plain words
 * and offers the actions; otherwise it shows `message` (the request's own reason) with Details.
 */
export function showRefusal(services: Services, code: RefusalCode, message: string, evidence?: RefusalEvidence): void {
  const kind = code === 'cancelled' ? 'info' : 'error';
  const result = evidence?.result;
  if (!evidence || (result?.kind !== 'not_found' && result?.kind !== 'ambiguous')) {
    void showMessage(kind, `Fuzzy Edit: ${message}`, code === 'cancelled' ? [] : [DETAILS]).then((choice) => {
      if (choice === DETAILS) showLog();
    });
    return;
  }
  const context: RefusalContext = {
    result,
    fileName: displayName(evidence.uri),
    text: evidence.text,
    languageId: evidence.languageId,
    ...(evidence.label ? { label: evidence.label } : {}),
    ...(evidence.snippet ? { snippet: true } : {}),
  };
  // The request's message may add "(2 more edits refused.)": kept after the plain words.
  const more = /\(\d+ more (?:edits?|changes?) refused\.\)/.exec(message)?.[0];
  const words = refusalWords(context) + (more ? ` ${more}` : '');
  const places = result.kind === 'ambiguous' ? result.candidates : result.closest ? [result.closest] : [];
  const show = result.kind === 'ambiguous' ? SHOW_CANDIDATES : SHOW_CLOSEST;
  const actions: string[] = [
    ...(places.length > 0 ? [show] : []),
    ...(evidence.replaceAll && result.kind === 'ambiguous' && result.tier === 'exact' ? [REPLACE_ALL] : []),
    COPY_CORRECTION,
    DETAILS,
  ];
  void showMessage('error', `Fuzzy Edit: ${words}`, actions).then(async (choice) => {
    if (choice === show) await showPlaces(services, evidence.uri, places);
    else if (choice === COPY_CORRECTION) await copyCorrection(context);
    else if (choice === REPLACE_ALL) await vscode.commands.executeCommand('fuzzyEdit.replaceAllRefused');
    else if (choice === DETAILS) showLog();
  });
}

/** Puts the correction for the assistant on the clipboard; the status bar says so. */
export async function copyCorrection(context: RefusalContext): Promise<string> {
  const prompt = correctionPrompt(context);
  await vscode.env.clipboard.writeText(prompt);
  showStatus('copy', 'Fuzzy Edit: correction copied — paste it into the chat.', 8000);
  return prompt;
}

/**
 * Replace All for the last refused edit, when its old text is exactly in several places: after a confirmation
 * (`confirm` answers it instead of the modal), the same request again with that edit replacing every
 * occurrence. Refused when the file changed since: the places confirmed would not be the places replaced.
 */
export async function replaceAllRefused(services: Services, confirm?: boolean): Promise<RequestOutcome> {
  const r = services.lastRefusal;
  if (!r || r.result.kind !== 'ambiguous' || r.result.tier !== 'exact' || !r.replaceAll) {
    return refused('no_edits', 'No refused edit whose text is exactly in several places.');
  }
  const name = displayName(r.uri);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === r.uri.toString());
  if (!doc || doc.version !== r.version) {
    const message = `${name} changed since the edit was refused; nothing was changed. Apply the edit again to see its places now.`;
    void showMessage('info', `Fuzzy Edit: ${message}`);
    return refused('conflict', message);
  }
  const count = placeCount(r.result);
  const where = places(r.result.candidates, count);
  const button = `Replace All ${count}`;
  const go = confirm ?? (await showMessage('warning', `Replace this code in all ${count} places in ${name}?`, [button], { detail: `Each of ${where} gets the new text, in one undoable change.` })) === button;
  if (!go) return { status: 'cancelled', code: 'cancelled', message: 'Not replaced: not confirmed; nothing was changed.', edits: [] };
  services.lastRefusal = undefined;
  return r.replaceAll();
}

/** Highlights candidate or closest places in the candidate colour, changing nothing. */
export async function showPlaces(services: Services, uri: vscode.Uri, places: readonly Pick<Closest, 'start' | 'end'>[]): Promise<void> {
  if (places.length === 0) return;
  services.highlights.set(uri, places.map((p) => ({ start: p.start, end: p.end, kind: 'candidate' })));
  await revealSpan(uri, places[0].start, places[0].end, 'keep');
}
