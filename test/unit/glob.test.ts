// files.exclude patterns (src/extension/workspace/glob.ts), read the way VS Code reads them.
import { strict as assert } from 'node:assert';
import { excludeHits, globToRegExp, whenSibling } from '../../src/extension/workspace/glob';

describe('files.exclude globs', () => {
  it('** spans folders, * and ? stay in one name, braces and classes choose', () => {
    assert.ok(globToRegExp('**/.git').test('.git'));
    assert.ok(globToRegExp('**/.git').test('a/b/.git'));
    assert.ok(!globToRegExp('**/.git').test('a/.github'));
    assert.ok(globToRegExp('**/*.pyc').test('x/y/z.pyc'));
    assert.ok(!globToRegExp('*.pyc').test('x/z.pyc'));
    assert.ok(globToRegExp('out/**').test('out/a/b.js'));
    assert.ok(globToRegExp('**/{dist,build}').test('pkg/build'));
    assert.ok(globToRegExp('file?.[ch]').test('file1.c'));
    assert.ok(!globToRegExp('file?.[!ch]').test('file1.c'));
    assert.ok(globToRegExp('a+b (1).txt').test('a+b (1).txt'), 'regex characters are literal');
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
