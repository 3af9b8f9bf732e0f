// `fuzzy-edit apply --file F`: a bare code block (the new code only, fenced or not, `// ... existing code ...`
// allowed) applied to one file by applySnippet. The file is --file, or the path in the fence's info string
// (```` ```ts src/x.ts ````) when the input is no edit request at all.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_HEADERS_ONLY, formatPatch } from 'diff';
import { applySnippet, boundedPatch, isEditError, parseEdits, parseSnippetBlock, type ApplyResult } from '../core';
import type { Command } from './args';
import { BadInput, EXIT, type ExitCode } from './exit';
import { reviewLines } from './report';
import { printResult } from './terminal';
import type { CliIo } from './run';
import { existingDirectory, Workspace } from './workspace';

type ApplyCommand = Extract<Command, { name: 'apply' }>;

/** The input's text: the one FILE named, or stdin. */
export async function snippetInput(command: ApplyCommand, io: CliIo): Promise<string> {
  if (command.inputs.length > 1) throw new BadInput(`--file applies one code block: give one input, not ${command.inputs.length}.`);
  const name = command.inputs[0] ?? '-';
  if (name === '-') return io.readStdin();
  try {
    return fs.readFileSync(path.resolve(io.cwd, name), 'utf8');
  } catch (err) {
    throw new BadInput(`Cannot read ${name}: ${(err as Error).message}`);
  }
}

/**
 * Text with no edit in any format, but a fenced block whose info string names a file: what `apply` without
 * --file reads as a snippet. (A malformed edit request stays an error, never a snippet.)
 */
export function labelledBlock(text: string): boolean {
  const parsed = parseEdits(text);
  if (parsed.ok || !parsed.message.startsWith('No edit found')) return false;
  const block = parseSnippetBlock(text);
  return block.fenced && block.path !== undefined;
}

export function runSnippetApply(command: ApplyCommand, text: string, io: CliIo): ExitCode {
  const workspace = new Workspace(existingDirectory(command.cwd, io.cwd));
  const block = parseSnippetBlock(text);
  const named = command.file ?? block.path;
  if (named === undefined) throw new BadInput('The code block names no file: give --file PATH, or label the fence (```ts src/x.ts).');
  const rel = workspace.relative(named);
  const contradicts =
    block.path !== undefined &&
    // Stryker disable next-line ConditionalExpression: without --file the file is the label's own, so the two cannot differ
    command.file !== undefined &&
    workspace.relative(block.path) !== rel;
  if (contradicts) {
    throw new BadInput(`The code block is labelled ${block.path} but --file names ${command.file}: say which file it is for.`);
  }
  const before = workspace.read(rel);
  if (before === undefined) throw new BadInput(`${named} is not a file.`);
  // A binary or non-UTF-8 file is never rewritten: read as Latin-1, every byte no edit touched would be re-encoded.
  const notText = workspace.notText(rel);
  if (notText !== undefined) {
    const message = `${rel} was left untouched: ${notText}.`;
    printResult(io.stdout, command.json, { ok: false, dryRun: command.dryRun, path: rel, status: 'refused', code: 'not_text', message }, `refused  ${rel}  not_text: ${message}`);
    return EXIT.refused;
  }

  let result: ApplyResult;
  try {
    result = applySnippet(before, block.code);
  } catch (err) {
    if (!isEditError(err)) throw err;
    if (err.code === 'invalid_input' && !err.message.startsWith('Applying the snippet')) throw new BadInput(err.message);
    const candidates = err.result?.kind === 'ambiguous' ? err.result.candidates.map((m) => ({ start: m.startLine + 1, end: m.endLine + 1 })) : undefined;
    const places = err.result?.kind === 'ambiguous' ? err.result.places : undefined;
    printResult(io.stdout, command.json, { ok: false, dryRun: command.dryRun, path: rel, status: 'refused', code: err.code, message: err.message, ...(candidates && { candidates }), ...(places !== undefined && { places }) }, `refused  ${rel}  ${err.code}: ${err.message}`);
    return EXIT.refused;
  }

  const m = result.matches[0];
  const lines = { start: m.startLine + 1, end: m.endLine + 1 };
  const diff = formatPatch(boundedPatch(`a/${rel}`, `b/${rel}`, before, result.content), FILE_HEADERS_ONLY);
  let status = command.dryRun ? 'would-apply' : 'applied';
  let error: string | undefined;
  if (!command.dryRun) {
    try {
      workspace.write(rel, result.content);
    } catch (e) {
      [status, error] = ['failed', (e as Error).message];
    }
  }
  const facts = { tier: m.tier, score: m.score, lines, needsReview: m.needsReview, normalized: m.normalized, ...(m.review?.length && { review: m.review }) };
  const range = lines.start === lines.end ? `line ${lines.start}` : `lines ${lines.start}-${lines.end}`;
  // What the editor would hold it for review for, said where a person reads it: there is no review step here.
  const text1 = [status === 'would-apply' ? 'would apply' : status, rel, range, m.tier, `score ${m.score.toFixed(2)}`, ...m.normalized].join('  ') + reviewLines(m.review);
  const textOut = command.dryRun ? `${text1}\n\n${diff.trimEnd()}\n\ndry run, nothing was written.` : error ? `${text1}\ncould not write ${rel}: ${error}` : text1;
  printResult(io.stdout, command.json, { ok: status !== 'failed', dryRun: command.dryRun, path: rel, status, ...facts, ...(error && { error }), ...(command.dryRun && { diff }) }, textOut);
  return status === 'failed' ? EXIT.refused : EXIT.ok;
}

