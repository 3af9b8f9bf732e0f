// Real paths on the Node host (desktop, code-server): what a path names once every symbolic link (file or
// directory) is followed. A symlink inside the workspace may point anywhere — outside it, or into .git — so
// the path policy judges where writing would really land, not the name written.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type EntryKind = 'file' | 'directory' | 'other' | 'missing';

export interface RealPath {
  /** Absolute, every existing component resolved; the missing tail (a file to create) appended as written. */
  path: string;
  /** What is there now: `other` is a device, FIFO or socket. */
  kind: EntryKind;
}

/** Windows and macOS (by default) ignore case in names: `A.txt` and `a.txt` are one file. */
export const caseInsensitiveFs = process.platform === 'win32' || process.platform === 'darwin';

export async function realPathOf(fsPath: string): Promise<RealPath> {
  const missing: string[] = [];
  let at = path.resolve(fsPath);
  for (;;) {
    try {
      const real = await fs.promises.realpath(at);
      if (missing.length > 0) return { path: path.join(real, ...missing.reverse()), kind: 'missing' };
      const stat = await fs.promises.stat(real);
      return { path: real, kind: stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : 'other' };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // A dangling symlink is not "missing": writing through it would create its target, wherever that is.
      if (code !== 'ENOENT' || (await isLink(at))) throw err;
      const parent = path.dirname(at);
      if (parent === at) throw err;
      missing.push(path.basename(at));
      at = parent;
    }
  }
}

async function isLink(p: string): Promise<boolean> {
  try {
    return (await fs.promises.lstat(p)).isSymbolicLink();
  } catch {
    return false;
  }
}
