// The files an edit request addresses, on disk under one directory: reading, and writing atomically.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BadInput } from './exit';

export class Workspace {
  private readonly cache = new Map<string, string | undefined>();

  constructor(readonly root: string) {}

  /**
   * The workspace-relative form of a path an edit names ('/' separators), or BadInput when it points outside
   * the root: an edit request must not reach files the caller did not hand over with --cwd.
   */
  relative(written: string): string {
    const absolute = path.resolve(this.root, written);
    const rel = path.relative(this.root, absolute);
    if (rel === '') throw new BadInput(`${written} names the --cwd directory itself, not a file in it.`);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) {
      throw new BadInput(`${written} is outside ${this.root}: edit paths must name files under the --cwd directory.`);
    }
    return rel.split(path.sep).join('/');
  }

  /** The text of a file (UTF-8, BOM and line endings as they are), or undefined when there is no such file. */
  read = (rel: string): string | undefined => {
    if (!this.cache.has(rel)) this.cache.set(rel, readIfFile(this.absolute(rel)));
    return this.cache.get(rel);
  };

  write(rel: string, content: string): void {
    writeAtomically(this.absolute(rel), content);
  }

  remove(rel: string): void {
    fs.unlinkSync(this.absolute(rel));
  }

  absolute(rel: string): string {
    return path.join(this.root, rel);
  }
}

function readIfFile(file: string): string | undefined {
  try {
    return fs.statSync(file).isFile() ? fs.readFileSync(file, 'utf8') : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Writes through a temporary file in the same directory, then renames it over the target: a reader (or a crash)
 * sees the old file or the new one, never half of it. Same directory, so the rename never crosses file systems.
 * The target's permissions are kept, and a symlink is written through, not replaced by a plain file.
 */
export function writeAtomically(file: string, content: string): void {
  const target = realTarget(file);
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  const mode = existingMode(target);
  const temp = path.join(dir, `.${path.basename(target)}.fuzzy-edit-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = fs.openSync(temp, 'wx', mode ?? 0o666);
    try {
      fs.writeFileSync(fd, content, 'utf8');
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (mode !== undefined) fs.chmodSync(temp, mode); // openSync's mode is filtered by the umask
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

function realTarget(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file; // a new file
  }
}

function existingMode(file: string): number | undefined {
  try {
    return fs.statSync(file).mode & 0o7777;
  } catch {
    return undefined;
  }
}
