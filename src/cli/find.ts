// `fuzzy-edit find FILE`: where an approximate snippet (stdin) is in FILE, or why that cannot be said.
import { findMatch, isEditError, refusalError, type FindResult, type Match } from '../core';
import type { Command } from './args';
import { BadInput, EXIT, type ExitCode } from './exit';
import { printResult, shown } from './terminal';
import type { CliIo } from './run';
import { existingDirectory, Workspace } from './workspace';

export async function runFind(command: Extract<Command, { name: 'find' }>, io: CliIo): Promise<ExitCode> {
  const workspace = new Workspace(existingDirectory(command.cwd, io.cwd));
  const path = workspace.relative(command.file);
  const content = workspace.read(path);
  if (content === undefined) throw new BadInput(`${shown(command.file)} is not a file.`);
  const notText = workspace.notText(path);
  if (notText !== undefined) throw new BadInput(`${shown(command.file)} cannot be searched: ${notText}.`);
  // `echo`, heredocs and editors end the snippet with a line break that is not part of what is sought.
  const snippet = (await io.readStdin()).replace(/\r?\n$/, '');

  let result: FindResult;
  try {
    result = findMatch(content, snippet, command.line !== undefined ? { hint: command.line - 1 } : {});
  } catch (err) {
    if (isEditError(err) && err.code === 'invalid_input') throw new BadInput(err.message);
    if (!isEditError(err)) throw err;
    printResult(io.stdout, command.json, { found: false, path, code: err.code, message: err.message }, `${path}: ${err.code}: ${err.message}`);
    return EXIT.refused;
  }

  if (result.kind === 'match') {
    const m = result.match;
    const range = m.startLine === m.endLine ? `line ${m.startLine + 1}` : `lines ${m.startLine + 1}-${m.endLine + 1}`;
    const notes = [m.normalized.length > 0 && `ignoring ${m.normalized.join(', ')}`, m.chosenByHint && 'chosen by --line'].filter(Boolean);
    printResult(io.stdout, command.json, { found: true, path, ...matchFacts(m) }, [path, range, m.tier, `score ${m.score.toFixed(2)}`, ...notes].join('  '));
    return EXIT.ok;
  }
  const refusal = refusalError(result);
  const json = {
    found: false,
    path,
    code: refusal.code,
    message: refusal.message,
    ...(result.kind === 'ambiguous' && { candidates: result.candidates.map(matchFacts), ...(result.places !== undefined && { places: result.places }) }),
    ...(result.kind === 'not_found' && result.closest && { closest: { lines: oneBased(result.closest), score: result.closest.score } }),
  };
  printResult(io.stdout, command.json, json, `${path}: ${refusal.code}: ${refusal.message}`);
  return EXIT.refused;
}

function matchFacts(m: Match) {
  return { tier: m.tier, score: m.score, lines: oneBased(m), needsReview: m.needsReview, normalized: m.normalized };
}

function oneBased(span: { startLine: number; endLine: number }) {
  return { start: span.startLine + 1, end: span.endLine + 1 };
}

