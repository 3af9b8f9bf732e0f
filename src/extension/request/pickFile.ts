// A bare file name that several workspace files have (`server.py` in src/ and in tools/): which one the edit is for.
import type * as vscode from 'vscode';
import { pickOne } from '../messages/notify';
import type { RefusalCode } from './outcome';
import { displayName } from './targets';

/**
 * The file meant by a bare name several workspace files have: the caller's pick (`pickFile`), else a quick pick
 * when a person is there (`notify`), else refused with every candidate (an agent or an API caller names it again).
 */
export async function pickFile(
  written: string,
  candidates: readonly vscode.Uri[],
  ctx: { pickFile?: Readonly<Record<string, string>>; notify?: boolean },
): Promise<{ ok: true; uri: vscode.Uri } | { ok: false; code: RefusalCode; message: string }> {
  const names = candidates.map((c) => displayName(c));
  const list = names.map((n) => `"${n}"`).join(', ');
  const given = ctx.pickFile && Object.prototype.hasOwnProperty.call(ctx.pickFile, written) ? ctx.pickFile[written] : undefined;
  if (given !== undefined) {
    const i = names.indexOf(given);
    if (i >= 0) return { ok: true, uri: candidates[i] };
    return { ok: false, code: 'ambiguous_path', message: `"${given}" is not one of the files named "${written}" (${list}); nothing was changed.` };
  }
  if (!ctx.notify) {
    return { ok: false, code: 'ambiguous_path', message: `several files are named "${written}" (${list}): name the file by its workspace path; nothing was changed.` };
  }
  const i = await pickOne(`Fuzzy Edit: several files are named "${written}"`, 'Which file is the edit for?', names);
  if (i === undefined) return { ok: false, code: 'cancelled', message: `no file chosen among those named "${written}"; nothing was changed.` };
  return { ok: true, uri: candidates[i] };
}
