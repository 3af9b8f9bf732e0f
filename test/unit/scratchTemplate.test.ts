import { strict as assert } from 'node:assert';
import { parseEditRequest } from '../../src/extension/request/parse';
import { scratchTemplate } from '../../src/extension/review/scratchTemplate';

describe('New Edit scratch template', () => {
  it('its first line (the tab title of an untitled document) names the target', () => {
    assert.equal(scratchTemplate('src/cart.ts', 'src/cart.ts', '').split('\n')[0], 'Fuzzy Edit — cart.ts');
    assert.equal(scratchTemplate(undefined, undefined, '').split('\n')[0], 'Fuzzy Edit — new edit');
    assert.equal(scratchTemplate('a\nb.ts', undefined, '').split('\n')[0], 'Fuzzy Edit — a b.ts', 'a name never breaks the title line');
  });

  it('no line looks like a git conflict to the merge-conflict extension', () => {
    const text = scratchTemplate('src/cart.ts', 'src/cart.ts', 'let total = 0;\nreturn total;');
    for (const line of text.split('\n')) assert.ok(!/^(<{7}|={7}|>{7}|\|{7})/.test(line), line);
  });

  it('filled in, it parses as one edit of the file its path line names, the prose around it ignored', () => {
    const text = scratchTemplate('src/cart.ts', 'src/cart.ts', 'let total = 0;').replace(/(------- REPLACE\n)let total = 0;/, '$1let total = 1;');
    const r = parseEditRequest(text);
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.edits, [{ path: 'src/cart.ts', oldString: 'let total = 0;', newString: 'let total = 1;' }]);
  });

  it('without a path line the edit names no file (the scratch binding gives it one)', () => {
    const r = parseEditRequest(scratchTemplate('Untitled-1', undefined, 'a = 1').replace('------- REPLACE\na = 1', '------- REPLACE\na = 2'));
    assert.deepEqual(r.edits, [{ oldString: 'a = 1', newString: 'a = 2' }]);
  });
});
