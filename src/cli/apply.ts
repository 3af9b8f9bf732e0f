// `fuzzy-edit apply`: read a request, resolve every edit against the files on disk, write the complete files.
import { resolveBatch } from '../core';
import { BadInput, EXIT, type ExitCode } from './exit';
import { progressOn } from './progress';
import { reportJson, reportText } from './report';
import { readRequest, type RequestEdit } from './request';
import { labelledBlock, runSnippetApply, snippetInput } from './snippet';
import { writeFiles, type FileOutcome } from './writeFiles';
import { terminalSafe } from './terminal';
import { existingDirectory, Workspace } from './workspace';
import type { Command } from './args';
import type { CliIo } from './run';

export async function runApply(command: Extract<Command, { name: 'apply' }>, io: CliIo): Promise<ExitCode> {
  if (command.file !== undefined) return runSnippetApply(command, await snippetInput(command, io), io);
  const workspace = new Workspace(existingDirectory(command.cwd, io.cwd));
  const readsStdin = command.inputs.length === 0 || command.inputs.includes('-');
  // Stryker disable next-line StringLiteral: this text is read only for an input "-", which is when stdin was read
  const stdin = readsStdin ? await io.readStdin() : '';
  let request: RequestEdit[];
  try {
    request = readRequest(command.inputs, () => stdin, workspace, io.cwd);
  } catch (err) {
    // No edit request, but one code block labelled with its file: a bare snippet for that file.
    if (!(err instanceof BadInput) || command.inputs.length > 1) throw err;
    const text = await snippetInput(command, io);
    if (!labelledBlock(text)) throw err;
    return runSnippetApply(command, text, io);
  }
  const progress = progressOn(io.stderr, request.length);
  const batch = resolveBatch(
    workspace.read,
    request.map((r) => r.edit),
    {
      onProgress: (done, total) => progress.update(done, total),
      // Real paths and the disk's case rule: a symlink and its target, or README.md and readme.md on a
      // case-insensitive disk, are one file, and two edits to it under two names are refused together.
      pathKey: workspace.key,
      caseInsensitive: workspace.caseInsensitive,
      notText: workspace.notText,
    },
  );
  progress.finish();
  const files = writeFiles(batch.files, workspace, command.dryRun);
  const report = { dryRun: command.dryRun, request, outcomes: batch.outcomes, files };
  io.stdout.write(command.json ? reportJson(report) : terminalSafe(reportText(report)));
  return applyStatus(batch.ok, files);
}

/** 0 only when every edit resolved and every file was written: a failed write is never success. */
export function applyStatus(resolved: boolean, files: readonly FileOutcome[]): ExitCode {
  return resolved && files.every((f) => f.status !== 'failed') ? EXIT.ok : EXIT.refused;
}
