// files.exclude patterns (src/extension/workspace/glob.ts), read the way VS Code reads them.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { propertyRuns } from '../support/properties';
import { excludeHits, compileGlob, whenSibling } from '../../src/extension/workspace/glob';

describe('files.exclude globs', () => {
  it('** spans folders, * and ? stay in one name, braces and classes choose', () => {
    assert.ok(compileGlob('**/.git').test('.git'));
    assert.ok(compileGlob('**/.git').test('a/b/.git'));
    assert.ok(!compileGlob('**/.git').test('a/.github'));
    assert.ok(compileGlob('**/*.pyc').test('x/y/z.pyc'));
    assert.ok(!compileGlob('*.pyc').test('x/z.pyc'));
    assert.ok(compileGlob('out/**').test('out/a/b.js'));
    assert.ok(compileGlob('**/{dist,build}').test('pkg/build'));
    assert.ok(compileGlob('file?.[ch]').test('file1.c'));
    assert.ok(!compileGlob('file?.[!ch]').test('file1.c'));
    assert.ok(compileGlob('a+b (1).txt').test('a+b (1).txt'), 'regex characters are literal');
  });

  it('a pattern matching a folder hides what is in it; false entries hide nothing', () => {
    assert.deepEqual(excludeHits('dist/app/main.js', { '**/dist': true }).map((h) => h.matched), ['dist']);
    assert.deepEqual(excludeHits('dist/app/main.js', { '**/dist': false }), []);
    assert.deepEqual(excludeHits('src/main.ts', { '**/dist': true, '**/.git': true }), []);
  });

  it('a when clause names the sibling that must exist', () => {
    const [hit] = excludeHits('src/a.js', { '**/*.js': { when: '$(basename).ts' } });
    assert.equal(hit.when, '$(basename).ts');
    assert.equal(whenSibling(hit.matched, hit.when!), 'src/a.ts');
  });
});

/** The RegExp these globs were matched with before (2026-11-28): the definition the matcher keeps. */
function regExpOf(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        re += '(?:[^/]*/)*';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/[\\\]]/g, '\\$&');
      re += `[${body}]`;
      i = end;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  while (braces-- > 0) re += ')';
  return new RegExp(`^${re}$`);
}

describe('files.exclude globs without a regular expression', () => {
  it('match as the RegExp form did (property)', () => {
    const globPart = fc.constantFrom('a', 'b', '.', '/', '*', '**', '**/', '?', '{a,b}', '{,x}', '[ab]', '[!a]', '[a-c]', '-', '{a,{b,c}}');
    const pathPart = fc.constantFrom('a', 'b', 'c', '.', '/', '-', 'x');
    fc.assert(
      fc.property(fc.array(globPart, { maxLength: 7 }), fc.array(pathPart, { maxLength: 12 }), (g, p) => {
        const glob = g.join('');
        const path = p.join('');
        assert.equal(compileGlob(glob).test(path), regExpOf(glob).test(path), `${glob} on ${path}`);
      }),
      propertyRuns(2000),
    );
  });

  it('a pattern a repository can set that backtracked for seconds is matched at once', () => {
    // `*-*-*-*-*.log` against 250 dashes took over 40 s as a RegExp.
    assert.deepEqual(excludeHits('-'.repeat(250), { '**/*-*-*-*-*.log': true }), []);
    assert.equal(excludeHits(`${'a/'.repeat(40)}b`, { [`${'**/'.repeat(8)}c`]: true }).length, 0);
    assert.equal(compileGlob('**/*-*-*-*-*.log').test(`x/${'-'.repeat(250)}.log`), true);
  });
});
