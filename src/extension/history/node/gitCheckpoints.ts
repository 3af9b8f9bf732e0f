// Git checkpoints for the Node extension host only (child_process): a shadow commit of the working tree —
// what `git add -A` takes: tracked files and untracked ones that .gitignore does not exclude — kept under a
// private ref. Built with a temporary index file, so the user's index, HEAD, branches and stash are never touched:
//   GIT_INDEX_FILE=tmp git read-tree HEAD; git add -A; (touched files: their editor text, unsaved included);
//   git write-tree; git commit-tree -p HEAD; git update-ref refs/fuzzy-edit/checkpoints/<id>
// A touched file that git ignores stays out of the commit (its checkpoint is kept in extension storage), so a
// checkpoint never puts into the repository's objects what git would not track. Only in a trusted workspace
// (history/index.ts), and git runs without the repository's fsmonitor and hooks.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GitBackend, GitFileRef } from '../checkpoints';

export const CHECKPOINT_REF_PREFIX = 'refs/fuzzy-edit/checkpoints/';

const IDENTITY = {
  GIT_AUTHOR_NAME: 'Fuzzy Edit',
  GIT_AUTHOR_EMAIL: 'fuzzy-edit@localhost',
  GIT_COMMITTER_NAME: 'Fuzzy Edit',
  GIT_COMMITTER_EMAIL: 'fuzzy-edit@localhost',
};

/** Programs a repository's config could make these commands run: not for a checkpoint. */
const NO_PROGRAMS = ['-c', 'core.fsmonitor=false', '-c', `core.hooksPath=${os.devNull}`];

function git(args: string[], cwd: string, env?: Record<string, string>, input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      [...NO_PROGRAMS, ...args],
      { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', ...env }, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`git ${args[0]} failed: ${stderr.toString().trim() || err.message}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin?.end(input, 'utf8');
  });
}

const text = async (args: string[], cwd: string, env?: Record<string, string>, input?: string) => (await git(args, cwd, env, input)).toString('utf8').trim();

export class NodeGitBackend implements GitBackend {
  /** The top level of the repository holding `fsPath`, or undefined. */
  private async toplevel(fsPath: string): Promise<string | undefined> {
    try {
      const dir = fs.realpathSync(path.dirname(fsPath));
      return await text(['rev-parse', '--show-toplevel'], dir);
    } catch {
      return undefined;
    }
  }

  async checkpoint(id: string, files: readonly { fsPath: string; text: string }[]): Promise<(GitFileRef | undefined)[]> {
    const roots = await Promise.all(files.map((f) => this.toplevel(f.fsPath)));
    const out: (GitFileRef | undefined)[] = files.map(() => undefined);
    for (const root of new Set(roots.filter((r): r is string => !!r))) {
      const mine = files.map((f, i) => ({ f, i })).filter(({ i }) => roots[i] === root);
      const rels = mine.map(({ f }) => path.relative(root, path.join(fs.realpathSync(path.dirname(f.fsPath)), path.basename(f.fsPath))).split(path.sep).join('/'));
      const { commit, ignored } = await this.shadowCommit(root, id, mine.map(({ f }, k) => ({ path: rels[k], text: f.text })));
      mine.forEach(({ i }, k) => (out[i] = ignored.has(rels[k]) ? undefined : { root, commit, path: rels[k] }));
    }
    return out;
  }

  private async shadowCommit(root: string, id: string, touched: { path: string; text: string }[]): Promise<{ commit: string; ignored: Set<string> }> {
    const index = path.join(os.tmpdir(), `fuzzy-edit-index-${process.pid}-${id}-${Math.random().toString(36).slice(2)}`);
    const env = { ...IDENTITY, GIT_INDEX_FILE: index };
    try {
      let head: string | undefined;
      try {
        head = await text(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], root);
      } catch {
        head = undefined; // no commit yet
      }
      if (head) await git(['read-tree', head], root, env);
      await git(['add', '-A', '--', '.'], root, env);
      // The touched files as the editor holds them (unsaved changes included), byte for byte: no filters.
      const ignored = await ignoredOf(root, touched.map((t) => t.path), env);
      for (const t of touched) {
        if (ignored.has(t.path)) continue;
        const blob = await text(['hash-object', '-w', '--no-filters', '--stdin'], root, env, t.text);
        const staged = await text(['ls-files', '-s', '--', t.path], root, env);
        const mode = /^(100755|120000)\s/.test(staged) ? staged.slice(0, 6) : '100644';
        await git(['update-index', '--add', '--cacheinfo', `${mode},${blob},${t.path}`], root, env);
      }
      const tree = await text(['write-tree'], root, env);
      const message = `Fuzzy Edit checkpoint ${id}\n\n${touched.map((t) => t.path).join('\n')}\n`;
      const commit = await text(['commit-tree', tree, ...(head ? ['-p', head] : []), '-F', '-'], root, env, message);
      await git(['update-ref', CHECKPOINT_REF_PREFIX + id, commit], root, env);
      return { commit, ignored };
    } finally {
      for (const f of [index, index + '.lock']) fs.rmSync(f, { force: true });
    }
  }

  async read(ref: GitFileRef): Promise<string> {
    const bytes = await git(['cat-file', 'blob', `${ref.commit}:${ref.path}`], ref.root);
    return new TextDecoder('utf-8').decode(bytes);
  }

  async drop(root: string, id: string): Promise<void> {
    await git(['update-ref', '-d', CHECKPOINT_REF_PREFIX + id], root);
  }
}

/** Which of `rels` git ignores and does not track (in the index `env` names): they stay out of checkpoints. */
async function ignoredOf(root: string, rels: readonly string[], env: Record<string, string>): Promise<Set<string>> {
  const tracked = new Set((await text(['ls-files', '-z', '--', ...rels], root, env)).split('\0'));
  const untracked = rels.filter((r) => !tracked.has(r));
  if (untracked.length === 0) return new Set();
  try {
    return new Set((await text(['check-ignore', '-z', '--stdin'], root, env, untracked.join('\0'))).split('\0').filter(Boolean));
  } catch {
    return new Set(); // exit 1: none is ignored
  }
}
