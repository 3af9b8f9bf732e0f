import { strict as assert } from 'node:assert';
import { checkEditPath, findPathConflicts, hasGitSegment, isInside, pathKey, relativeInside } from '../../src/core';
import type { PathRefusalCode } from '../../src/core';

function refusedAs(written: string): PathRefusalCode {
  const check = checkEditPath(written);
  assert.equal(check.ok, false, `${JSON.stringify(written)} should be refused`);
  return check.ok ? (undefined as never) : check.code;
}

function accepted(written: string): string {
  const check = checkEditPath(written);
  assert.ok(check.ok, `${JSON.stringify(written)} should be accepted, got ${check.ok ? '' : check.reason}`);
  return check.path;
}

describe('paths: checkEditPath', () => {
  it('normalises workspace-relative names to "/" separated paths', () => {
    assert.equal(accepted('src/app.ts'), 'src/app.ts');
    assert.equal(accepted('./src//app.ts'), 'src/app.ts');
    assert.equal(accepted('src\\lib\\app.ts'), 'src/lib/app.ts');
    assert.equal(accepted('a/../b.txt'), 'b.txt', '.. that stays inside is resolved');
    assert.equal(accepted('café.txt'), 'café.txt');
    assert.equal(accepted('2024-01-01T10:00.log'), '2024-01-01T10:00.log', 'a colon after the first character is a name');
    assert.equal(accepted('.github/workflows/ci.yml'), '.github/workflows/ci.yml', 'only .git itself is refused');
    assert.equal(accepted('.gitignore'), '.gitignore');
    assert.equal(accepted('x'.repeat(240) + '.txt'), 'x'.repeat(240) + '.txt');
  });

  it('refuses .. that leaves the workspace, with either separator', () => {
    for (const p of ['../x', '..', 'a/../../x', '..\\x', 'a\\..\\..\\x', './../x', 'a/b/../../../x']) assert.equal(refusedAs(p), 'outside', p);
  });

  it('refuses absolute paths: POSIX, Windows drives, UNC', () => {
    for (const p of ['/etc/passwd', '//server/share/x', '\\\\server\\share\\x', 'C:\\Users\\x', 'c:/x', 'C:x', '\\x']) assert.equal(refusedAs(p), 'absolute', p);
  });

  it('refuses a name that reads as a drive or a URI once normalised', () => {
    assert.equal(refusedAs('./C:x'), 'absolute');
    assert.equal(refusedAs('a/../file:x'), 'uri');
    assert.equal(refusedAs('.\\c:\\x'), 'absolute');
  });

  it('refuses any URI scheme', () => {
    for (const p of ['file:///etc/passwd', 'vscode-userdata:/User/settings.json', 'untitled:Untitled-1', 'http://x/y', 'git+ssh:x']) assert.equal(refusedAs(p), 'uri', p);
  });

  it('refuses empty names, NUL bytes, the root itself and directories', () => {
    assert.equal(refusedAs(''), 'empty');
    assert.equal(refusedAs('   '), 'empty');
    assert.equal(refusedAs('a\0.txt'), 'nul');
    assert.equal(refusedAs('a\nb.txt'), 'control');
    assert.equal(refusedAs('\x1b[31mred.txt'), 'control', 'an escape sequence would redraw the terminal that shows it');
    assert.equal(refusedAs('.'), 'root');
    assert.equal(refusedAs('a/..'), 'root');
    assert.equal(refusedAs('src/'), 'directory');
  });

  it('refuses a .git segment at any level, in any case and in the forms other file systems read as .git (an NTFS stream too)', () => {
    for (const p of ['.git/config', '.GIT/config', 'sub/.git/hooks/x', 'sub\\.Git\\hooks\\pre-commit', '.git', 'a/.git/../.git/config', '.git./config', '.git /config', 'GIT~1/config', '.g\u200cit/config', 'x/../.git/config', '.git::$INDEX_ALLOCATION/hooks/x', 'sub/.GIT:stream/config', '.git. ::$DATA/config']) {
      assert.equal(refusedAs(p), 'git', p);
    }
  });

  it('gives a plain reason that does not repeat the (untrusted) path', () => {
    const check = checkEditPath('../[x](command:evil)');
    assert.ok(!check.ok);
    assert.ok(!check.reason.includes('command:'), check.reason);
  });
});

describe('paths: isInside, relativeInside, hasGitSegment', () => {
  it('compares by whole segments', () => {
    assert.ok(isInside('/w/proj', '/w/proj/a.txt'));
    assert.ok(isInside('/w/proj/', '/w/proj/a/b.txt'));
    assert.ok(isInside('/w/proj', '/w/proj'));
    assert.ok(!isInside('/w/proj', '/w/project/a.txt'));
    assert.ok(!isInside('/w/proj', '/w/a.txt'));
    assert.ok(isInside('/', '/etc/passwd'));
  });

  it('folds case only when asked, and reads Windows separators', () => {
    assert.ok(!isInside('/W/Proj', '/w/proj/a.txt'));
    assert.ok(isInside('/W/Proj', '/w/proj/a.txt', { caseInsensitive: true }));
    assert.ok(isInside('C:\\Work\\proj', 'c:\\work\\PROJ\\a.txt', { caseInsensitive: true }));
    assert.equal(relativeInside('C:\\Work\\proj', 'c:\\work\\PROJ\\Sub\\A.txt', { caseInsensitive: true }), 'Sub/A.txt', 'keeps the spelling of the file');
  });

  it('gives the relative path, or undefined outside', () => {
    assert.equal(relativeInside('/w/proj', '/w/proj/src/a.ts'), 'src/a.ts');
    assert.equal(relativeInside('/w/proj', '/w/proj'), '');
    assert.equal(relativeInside('/w/proj', '/w/other/a.ts'), undefined);
  });

  it('finds .git anywhere in a real path', () => {
    assert.ok(hasGitSegment('/w/proj/.git/config'));
    assert.ok(hasGitSegment('C:\\w\\proj\\.GIT\\hooks\\x'));
    assert.ok(!hasGitSegment('/w/proj/.github/x'));
  });

  it('pathKey folds case and Unicode normalisation only for case-insensitive file systems', () => {
    assert.notEqual(pathKey('A.txt'), pathKey('a.txt'));
    assert.equal(pathKey('A.txt', { caseInsensitive: true }), pathKey('a.txt', { caseInsensitive: true }));
    assert.equal(pathKey('cafe\u0301.txt', { caseInsensitive: true }), pathKey('café.txt', { caseInsensitive: true }));
  });
});

describe('paths: findPathConflicts', () => {
  const op = (kind: string, path: string, to?: string) => ({ kind, path, ...(to !== undefined && { to }) });

  it('accepts several operations on one file under one name, and a move to a fresh name', () => {
    assert.deepEqual(findPathConflicts([op('replace', 'a.txt'), op('replace', 'a.txt'), op('rename', 'a.txt', 'b.txt'), op('create', 'c.txt')]), []);
  });

  it('catches one file under two names, by the key the front end gives (a symlink b.txt → a.txt)', () => {
    const real = (p: string) => (p === 'b.txt' ? 'a.txt' : p);
    const conflicts = findPathConflicts([op('replace', 'a.txt'), op('replace', 'c.txt'), op('replace', 'b.txt')], { key: real });
    assert.deepEqual(conflicts.map((c) => [c.code, c.indexes, c.names]), [['same_file', [0, 2], ['a.txt', 'b.txt']]]);
  });

  it('catches two spellings of one file on a case-insensitive file system, and only there', () => {
    const ops = [op('replace', 'README.md'), op('replace', 'readme.md')];
    assert.deepEqual(findPathConflicts(ops), []);
    assert.deepEqual(findPathConflicts(ops, { caseInsensitive: true }).map((c) => c.code), ['same_file']);
  });

  it('catches a create and a move onto the same name in one batch', () => {
    const conflicts = findPathConflicts([op('create', 'new.txt'), op('rename', 'old.txt', 'new.txt')]);
    assert.deepEqual(conflicts.map((c) => [c.code, c.indexes, c.names]), [['move_onto', [0, 1], ['new.txt']]]);
  });

  it('catches two moves onto one name', () => {
    assert.deepEqual(findPathConflicts([op('rename', 'a.txt', 'c.txt'), op('rename', 'b.txt', 'c.txt')]).map((c) => [c.code, c.indexes]), [['move_onto', [0, 1]]]);
  });

  it('leaves a move onto a name that exists on disk (edited, deleted, moved away) to the caller\'s disk check', () => {
    assert.deepEqual(findPathConflicts([op('rename', 'a.txt', 'b.txt'), op('replace', 'b.txt')]), []);
    assert.deepEqual(findPathConflicts([op('delete', 'b.txt'), op('rename', 'a.txt', 'b.txt')]), []);
  });

  it('skips operations that name no file', () => {
    assert.deepEqual(findPathConflicts([{ kind: 'replace' }, op('replace', 'a.txt')]), []);
  });
});

// The rules the mutation run over paths.ts (2026-11-24) showed undefended, each with its smallest input.
describe('path policy: rules found undefended by mutation', () => {
  const op = (kind: string, path: string) => ({ kind, path });
  it('every refusal says why in its own words', () => {
    const words: [string, PathRefusalCode, RegExp][] = [
      ['   ', 'empty', /names no file/],
      ['a\0b', 'nul', /NUL/],
      ['https://x/y', 'uri', /URI/],
      ['/etc/passwd', 'absolute', /absolute path/],
      ['../x', 'outside', /leaves the workspace/],
      ['.git/config', 'git', /inside \.git/],
      ['a/..', 'root', /workspace folder itself/],
      ['a/', 'directory', /directory/],
      ['a\nb', 'control', /control characters/],
    ];
    for (const [written, code, why] of words) {
      const check = checkEditPath(written);
      assert.ok(!check.ok && check.code === code, `${JSON.stringify(written)} → ${code}`);
      assert.match(check.reason, why);
    }
  });

  it('a URI whose path climbs back into the workspace is still a URI, not the file it would normalise to', () => {
    assert.equal(refusedAs('http:/../x'), 'uri');
    assert.equal(refusedAs('vscode-userdata:/../settings.json'), 'uri');
  });

  it('.git with several trailing dots or spaces is .git (Windows drops them all)', () => {
    assert.equal(refusedAs('.git../config'), 'git');
    assert.equal(refusedAs('.git . /hooks/pre-commit'), 'git');
  });

  it('folding case keeps ß and ss apart (lower case, as case-insensitive file systems compare)', () => {
    assert.notEqual(pathKey('straße.txt', { caseInsensitive: true }), pathKey('STRASSE.txt', { caseInsensitive: true }));
    assert.equal(pathKey('Straße.TXT', { caseInsensitive: true }), pathKey('straße.txt', { caseInsensitive: true }));
  });

  it('the root itself is inside, as "", with or without trailing separators', () => {
    assert.equal(relativeInside('/w/project', '/w/project'), '');
    assert.equal(relativeInside('/w/project//', '/w/project/a.txt'), 'a.txt');
    assert.ok(isInside('/w/project//', '/w/project/src/a.ts'));
  });

  it('a child written with doubled separators comes back without empty segments', () => {
    assert.equal(relativeInside('/w/project', '/w/project/src//a.ts'), 'src/a.ts');
  });

  it('an edit of the file a move ends on is no second maker of that name', () => {
    assert.deepEqual(findPathConflicts([{ kind: 'rename', path: 'a.txt', to: 'b.txt' }, op('replace', 'b.txt')]), []);
  });

  it('two creates of one name are no move conflict: the batch refuses them as a file created twice, in those words', () => {
    assert.deepEqual(findPathConflicts([op('create', 'a.txt'), op('create', 'a.txt')]), []);
  });

  it('a conflict says why in words', () => {
    const [sameFile] = findPathConflicts([op('replace', 'A.txt'), op('replace', 'a.txt')], { caseInsensitive: true });
    assert.match(sameFile.reason, /one file/);
  });
});

describe('paths: trailing dots, spaces and separators are read in linear time', () => {
  it('a segment of dots and spaces after `.git` is still .git; a long run of them before another character is not', () => {
    assert.equal(hasGitSegment('a/.git. . ./b'), true);
    assert.equal(hasGitSegment(`a/${'.'.repeat(100_000)}x`), false);
    assert.equal(hasGitSegment(`a/.git${' .'.repeat(50_000)}`), true);
    assert.equal(checkEditPath(`a/${'.'.repeat(100_000)}x`).ok, true);
  });

  it('a root written with many trailing separators is the same root', () => {
    assert.equal(relativeInside(`/a/b${'/'.repeat(100_000)}`, '/a/b/c.ts'), 'c.ts');
    assert.equal(relativeInside(`/a${'/'.repeat(1000)}b`, '/a/b/c'), undefined);
  });
});
