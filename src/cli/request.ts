// Reads the edit request: every input (files or stdin), parsed in whatever format it is written, with each
// edit's paths checked and made relative to the workspace. Any problem is BadInput: nothing gets applied.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseEdits, type FileEdit } from '../core';
import { BadInput } from './exit';
import type { Workspace } from './workspace';

export interface RequestEdit {
  edit: FileEdit;
  /** Where it was written, "input:line", for messages. */
  source: string;
}

/** `cwd`: what the names of input files are relative to. */
export function readRequest(inputs: string[], readStdin: () => string, workspace: Workspace, cwd: string): RequestEdit[] {
  const names = inputs.length === 0 ? ['-'] : inputs;
  return names.flatMap((name) => {
    const label = name === '-' ? 'stdin' : name;
    const parsed = parseEdits(name === '-' ? readStdin() : readInput(name, cwd));
    if (!parsed.ok) throw new BadInput(`${label}:${parsed.line}: ${parsed.message}`);
    return parsed.edits.map((edit) => {
      const source = `${label}:${edit.sourceLine}`;
      return { edit: inWorkspace(edit, workspace, source), source };
    });
  });
}

function readInput(file: string, cwd: string): string {
  try {
    return fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    throw new BadInput(`Cannot read ${file}: ${(err as Error).message}`);
  }
}

/** The edit with its paths relative to the workspace root. */
function inWorkspace(edit: FileEdit, workspace: Workspace, source: string): FileEdit {
  const relative = (p: string) => {
    try {
      return workspace.relative(p);
    } catch (err) {
      throw new BadInput(`${source}: ${(err as Error).message}`);
    }
  };
  if (edit.path === undefined) {
    throw new BadInput(`${source}: the edit names no file. Write the file's path on the line before the block (or use a format that names it).`);
  }
  const rel = relative(edit.path);
  return edit.kind === 'rename' ? { ...edit, path: rel, to: relative(edit.to) } : { ...edit, path: rel };
}
