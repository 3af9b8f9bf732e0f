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
});
