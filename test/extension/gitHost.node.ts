// The Node host's gitHost (see gitHost.ts): git repositories in temporary folders, through child_process.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GitHost, TempRepo } from './gitHostTypes';

export const gitHost: GitHost | undefined = {
  tempRepo(files: Record<string, string>, parent = os.tmpdir()): TempRepo {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(parent, 'fuzzy-edit-git-')));
    const env = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@t' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env, encoding: 'utf8' }).trim();
    const repo: TempRepo = {
      dir,
      git,
      path: (rel) => path.join(dir, rel),
      read: (rel) => fs.readFileSync(path.join(dir, rel), 'utf8'),
      write: (rel, text) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      },
      indexDigest: () => createHash('sha1').update(fs.readFileSync(path.join(dir, '.git', 'index'))).digest('hex'),
      remove: () => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 }),
    };
    git('init', '-q', '-b', 'main');
    for (const [rel, text] of Object.entries(files)) repo.write(rel, text);
    git('add', '-A');
    git('commit', '-q', '-m', 'initial');
    return repo;
  },
};
