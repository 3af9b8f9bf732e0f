// The files an edit request addresses, on disk under one directory: which names may be touched (the path
// policy of src/core/paths.ts plus what only the disk can tell: symlinks, devices), reading them as text, and
// writing them back without losing anyone's bytes.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkEditPath, hasGitSegment, pathKey, relativeInside } from '../core';
import { BadInput } from './exit';
import { shown } from './terminal';

/** A name checked against the disk: where it is, with every symlink resolved. */
interface Target {
  /** The name with its directories' symlinks resolved: what a delete removes (a symlink itself, not its target). */
  at: string;
  /** `at` with the last symlink resolved too: what is read and written. Same as `at` for a plain or new file. */
  real: string;
}

/** A file as read: what a write must find again before it replaces the file. */
interface Loaded {
  bytes: Buffer;
  text: string;
  /** Why it cannot be edited as text; undefined for UTF-8 text. */
  notText?: string;
  stat: fs.Stats;
}

export class Workspace {
  /** The real path of --cwd (symlinks resolved): every real path must stay under it. */
  readonly root: string;
  readonly caseInsensitive: boolean;
  private readonly targets = new Map<string, Target>();
  private readonly loaded = new Map<string, Loaded | undefined>();

  constructor(root: string) {
    this.root = fs.realpathSync(root);
    this.caseInsensitive = isCaseInsensitive(this.root);
  }

  /**
   * The workspace-relative form of a path an edit names ('/' separators), or BadInput when it may not be
   * touched: refused by the path policy, or leading out of --cwd or into .git through a symlink, or naming a
   * directory, a device, a FIFO or a socket. An edit request must not reach files the caller did not hand over.
   */
  relative(written: string): string {
    const check = checkEditPath(written);
    if (!check.ok) throw new BadInput(`${shown(written)} is refused: ${check.reason}.`);
    this.target(check.path, written);
    return check.path;
  }

  /** The identity of the file behind a checked name: its real path, case-folded where the disk ignores case. */
  key = (rel: string): string => pathKey(relativeInside(this.root, this.target(rel).real) ?? rel, { caseInsensitive: this.caseInsensitive });

  /** The text of a file (BOM and line endings as they are), or undefined when there is no such file. */
  read = (rel: string): string | undefined => this.load(rel)?.text;

  /** Why a file cannot be edited as text (binary, not UTF-8); undefined when it can, or does not exist. */
  notText = (rel: string): string | undefined => this.load(rel)?.notText;

  /**
   * Replaces (or creates) the file, refusing if it changed on disk since it was read (another program or
   * another run wrote it: overwriting would lose that write) or appeared since it was found missing.
   */
  write(rel: string, content: string): void {
    const target = this.recheck(rel);
    const data = Buffer.from(content, 'utf8');
    const before = this.loaded.get(rel);
    if (before === undefined) return createExclusively(target.real, data, rel);
    // A file with several hard links is one file under several names: a rename would split it in two.
    // (Not atomic: a crash mid-write leaves a partial file. That is the price of keeping the links together.)
    if (before.stat.nlink > 1) return fs.writeFileSync(target.real, data);
    writeAtomically(target.real, data, before.stat.mode & 0o7777);
  }

  /** Throws unless the file is still as it was read: checked before a move writes its new name. */
  verify(rel: string): void {
    this.recheck(rel);
  }

  /** Deletes the name (a symlink itself, not what it points to), refusing if the file changed since it was read. */
  remove(rel: string): void {
    fs.unlinkSync(this.recheck(rel).at);
  }

  private load(rel: string): Loaded | undefined {
    if (!this.loaded.has(rel)) {
      const { real } = this.target(rel);
      let loaded: Loaded | undefined;
      try {
        loaded = loadFile(real);
      } catch (err) {
        // A name the system will not look up (longer than its limit, say): a refusal naming it, not a crash.
        const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
        const name = rel.length > MAX_SHOWN_NAME ? `${rel.slice(0, MAX_SHOWN_NAME)}…` : rel;
        throw new BadInput(`${shown(name)} cannot be read (${code}).`);
      }
      this.loaded.set(rel, loaded);
    }
    return this.loaded.get(rel);
  }

  /** Resolves `rel` on disk once (it was checked by `relative`): later reads and writes use this answer. */
  private target(rel: string, written: string = rel): Target {
    let target = this.targets.get(rel);
    if (!target) {
      target = resolveTarget(this.root, rel, written, this.caseInsensitive);
      this.targets.set(rel, target);
    }
    return target;
  }

  /** Just before a write: the name still leads where it did, and the file is as it was read (or still absent). */
  private recheck(rel: string): Target {
    const target = this.target(rel);
    const now = resolveTarget(this.root, rel, rel, this.caseInsensitive);
    if (now.real !== target.real || now.at !== target.at) throw new Error(`${shown(rel)} now leads somewhere else (a symbolic link changed): not written.`);
    const before = this.loaded.get(rel);
    if (before === undefined) return target; // never read (a new name): createExclusively checks it is still absent
    const stat = fs.statSync(target.real, { throwIfNoEntry: false });
    const same =
      stat &&
      // Stryker disable next-line ConditionalExpression: a quick no before reading the file: bytes of another size never compare equal below
      stat.size === before.stat.size &&
      stat.mtimeMs === before.stat.mtimeMs &&
      stat.ino === before.stat.ino &&
      fs.readFileSync(target.real).equals(before.bytes);
    if (!same) throw new Error(`${shown(rel)} changed on disk after it was read: not overwritten, so that change is not lost. Run the edits again.`);
    return target;
  }
}

/** Resolves every symlink of `rel` under `root` and refuses what may not be touched (BadInput, naming `written`). */
function resolveTarget(root: string, rel: string, written: string, caseInsensitive: boolean): Target {
  const refuse = (why: string) => new BadInput(`${shown(written)} is refused: ${why}.`);
  const parts = rel.split('/');
  let dir = root;
  // Stryker disable next-line EqualityOperator: the last part always returns or throws, so the bound is never what stops the loop
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const at = path.join(dir, parts[i]);
    let stat: fs.Stats | undefined;
    let real = at;
    try {
      stat = fs.lstatSync(at, { throwIfNoEntry: false });
      if (stat === undefined) return { at: path.join(dir, ...parts.slice(i)), real: path.join(dir, ...parts.slice(i)) };
      // Stryker disable next-line ConditionalExpression: speed only: `dir` is already real, so a name that is no symlink is its own real path
      if (stat.isSymbolicLink()) {
        real = fs.realpathSync(at);
        stat = fs.statSync(real);
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw refuse(`${parts.slice(0, i + 1).join('/')} is a symbolic link to nothing`);
      throw refuse(`${parts.slice(0, i + 1).join('/')} cannot be looked up (${code ?? (err as Error).message})`);
    }
    const inside = relativeInside(root, real, { caseInsensitive });
    if (inside === undefined) throw refuse(`it leads out of --cwd through a symbolic link (to ${shown(real)})`);
    if (hasGitSegment(inside)) throw refuse('it leads into .git through a symbolic link: files inside .git are never edited');
    if (!last && !stat.isDirectory()) throw refuse(`${parts.slice(0, i + 1).join('/')} is not a directory`);
    if (last && stat.isDirectory()) throw refuse('it is a directory, not a file');
    if (last && !stat.isFile()) throw refuse('it is a device, FIFO or socket, not a file');
    if (last) return { at, real };
    dir = real;
  }
  // Stryker disable next-line StringLiteral: unreachable: checkEditPath never returns an empty path
  throw refuse('it names no file');
}

/** Characters of a name a message quotes, at most (an edit may name a path of kilobytes). */
const MAX_SHOWN_NAME = 200;

function loadFile(real: string): Loaded | undefined {
  const stat = fs.statSync(real, { throwIfNoEntry: false });
  if (stat === undefined) return undefined;
  const bytes = fs.readFileSync(real);
  if (bytes.includes(0)) return { bytes, stat, text: bytes.toString('latin1'), notText: 'it is binary (it contains NUL bytes)' };
  try {
    // ignoreBOM: keep a byte-order mark as U+FEFF in the text, so it is written back.
    return { bytes, stat, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { bytes, stat, text: bytes.toString('latin1'), notText: 'it is not valid UTF-8 (Latin-1 or another encoding?), and rewriting it as UTF-8 would change bytes no edit touches' };
  }
}

/**
 * Writes through a temporary file in the same directory, then renames it over the target: a reader (or a crash)
 * sees the old file or the new one, never half of it. Same directory, so the rename never crosses file systems.
 * The temporary name is short, so a target whose name is near the 255-byte limit can still be written.
 */
function writeAtomically(target: string, data: Buffer, mode: number): void {
  const temp = tempName(target);
  try {
    writeNew(temp, data, mode);
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

/** A new file: written whole under a temporary name, then linked in only if the name is still free. */
function createExclusively(target: string, data: Buffer, rel: string): void {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = tempName(target);
  try {
    writeNew(temp, data, undefined);
    try {
      fs.linkSync(temp, target); // fails with EEXIST if another program created it meanwhile; rename would not
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw new Error(`${shown(rel)} appeared on disk after it was found missing: not overwritten.`);
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
      if (fs.existsSync(target)) throw new Error(`${shown(rel)} appeared on disk after it was found missing: not overwritten.`);
      fs.renameSync(temp, target); // a file system without hard links
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

function writeNew(file: string, data: Buffer, mode: number | undefined): void {
  // Stryker disable next-line LogicalOperator: openSync's own default is 0o666, and a given mode is set again by chmodSync below
  const fd = fs.openSync(file, 'wx', mode ?? 0o666);
  try {
    fs.writeFileSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  if (mode !== undefined) fs.chmodSync(file, mode); // openSync's mode is filtered by the umask
}

function tempName(target: string): string {
  return path.join(path.dirname(target), `.fuzzy-edit-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/** Whether the disk under `root` ignores case: the root's own name with its case swapped is the same directory. */
function isCaseInsensitive(root: string): boolean {
  const name = path.basename(root);
  const swapped = [...name].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  if (swapped === name) return process.platform === 'win32' || process.platform === 'darwin';
  const a = fs.statSync(root);
  const b = fs.statSync(path.join(path.dirname(root), swapped), { throwIfNoEntry: false });
  return b !== undefined && a.ino === b.ino && a.dev === b.dev;
}

/** The absolute path of `--cwd` (relative to `cwd`, the process's working directory), which must be a directory. */
export function existingDirectory(dir: string, cwd: string): string {
  const absolute = path.resolve(cwd, dir);
  if (!fs.statSync(absolute, { throwIfNoEntry: false })?.isDirectory()) throw new BadInput(`--cwd ${dir} is not a directory.`);
  return absolute;
}
