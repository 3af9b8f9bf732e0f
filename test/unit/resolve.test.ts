// resolveText, the editor's one call into the engine (pure: no VS Code API is touched).
import { strict as assert } from 'node:assert';
import { resolveText } from '../../src/extension/request/resolve';

describe('resolve: the settings reach the engine', () => {
  const file = 'function total(items) {\n  let sum = 0;\n  return sum;\n}\n';
  const snippet = { oldString: '', newString: 'function total(items) {\n  let sum = 1;\n  return sum;\n}', snippet: true };

  it('a bare code block is placed by the snippet tier, with the written diff', () => {
    const r = resolveText(file, snippet, {});
    assert.equal(r.kind, 'ok');
    if (r.kind === 'ok') assert.match(r.diff, /-  let sum = 0;\n\+  let sum = 1;/);
  });

  it('with "snippet" in fuzzyEdit.disabledTiers, a bare code block is refused with the reason, not placed', () => {
    const r = resolveText(file, snippet, { tiers: { snippet: false } });
    assert.equal(r.kind, 'refused');
    if (r.kind === 'refused') assert.match(r.message, /snippet.*disabledTiers/);
  });
});
