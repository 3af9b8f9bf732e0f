import { strict as assert } from 'node:assert';
import { similarNames } from '../../src/core/similarNames';

describe('similarNames ("did you mean …" for a file name that names nothing)', () => {
  const files = ['src/server.py', 'src/serve.py', 'lib/server.py', 'docs/readme.md', 'src/cart.ts', 'test/cart.test.ts'];

  it('the same file name in another folder comes first, then names a small typo away', () => {
    assert.deepEqual(similarNames('app/server.py', files), ['lib/server.py', 'src/server.py', 'src/serve.py']);
    assert.deepEqual(similarNames('carts.ts', files), ['src/cart.ts']);
  });

  it('case is ignored; at most `max` names', () => {
    assert.deepEqual(similarNames('SERVER.PY', files, 1), ['lib/server.py']);
  });

  it('a name far from every file suggests nothing', () => {
    assert.deepEqual(similarNames('inventory.rs', files), []);
    assert.deepEqual(similarNames('', files), []);
  });

  it('a Windows path names its file too; a path ending in a folder names none', () => {
    assert.deepEqual(similarNames('app\\server.py', files), ['lib/server.py', 'src/server.py', 'src/serve.py']);
    assert.deepEqual(similarNames('src/', ['a', 'b/c', ...files]), []);
  });

  it('a quarter of the name’s length in edits, at least one; ties by path length, then by path', () => {
    assert.deepEqual(similarNames('configuratoin.ts', ['src/configuration.ts']), ['src/configuration.ts'], 'two edits in sixteen characters');
    assert.deepEqual(similarNames('crt.ts', ['src/cart.ts']), ['src/cart.ts'], 'one edit in six');
    assert.deepEqual(similarNames('cartss.ts', ['src/cart.ts']), ['src/cart.ts'], 'two characters shorter, two edits in nine');
    assert.deepEqual(similarNames('x.ts', ['b/x.ts', 'a/x.ts', 'aa/x.ts']), ['a/x.ts', 'b/x.ts', 'aa/x.ts']);
    assert.deepEqual(similarNames('x.ts', ['a/x.ts', 'b/x.ts']), ['a/x.ts', 'b/x.ts']);
  });
});

