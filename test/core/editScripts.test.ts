// Adversarial properties (issue 9): not the drifts the accuracy corpus was built around, but the *edits* that
// trip a merge (test/corpus/editKinds.ts). For a random block of a real source file, a random drift of the old
// text and a random edit — a blank line deleted or inserted, exactly the drifted line deleted or changed, a line
// next to a forgotten one deleted, an old text with a line borrowed from elsewhere — the engine either refuses or
// writes exactly the edit applied to the block's own lines. Never "applied" with the file unchanged, never a
// change elsewhere.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyEdit, isEditError } from '../../src/core';
import { EDIT_KINDS, editCaseArbitrary, type EditKind } from '../corpus/editKinds';
import { propertyRuns } from '../support/properties';

/** The lines around the first difference between two texts. */
function excerpt(text: string, other: string): string {
  const a = text.split('\n');
  const b = other.split('\n');
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(Math.max(0, i - 3), i + 6).join('\n');
}

describe('properties: random edits on real code (issue 9)', function () {
  this.timeout(120_000);

  it('refuses, or writes exactly the edit applied to the block’s own lines', () => {
    const written = new Map<EditKind, number>();
    const refused = new Map<EditKind, number>();
    fc.assert(
      fc.property(editCaseArbitrary, (c) => {
        if (!c) return;
        let content: string;
        try {
          content = applyEdit(c.content, c.oldString, c.newString).content;
        } catch (err) {
          if (!isEditError(err)) throw err;
          refused.set(c.kind, (refused.get(c.kind) ?? 0) + 1);
          return;
        }
        written.set(c.kind, (written.get(c.kind) ?? 0) + 1);
        // Shown on failure: the edit, not the whole file.
        const edit = `\n[${c.kind}, drift ${c.drift}, ${c.source}]\n--- old\n${c.oldString}\n--- new\n${c.newString}\n`;
        assert.notEqual(content, c.content, `reported applied, but nothing changed${edit}`);
        if (content !== c.expected && content !== c.alsoRight) assert.equal(excerpt(content, c.expected), excerpt(c.expected, content), `wrong result${edit}`);
      }),
      propertyRuns(2500),
    );
    // A property that refuses everything proves nothing: every kind is written sometimes, most edits are.
    const sum = (m: Map<EditKind, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    for (const kind of EDIT_KINDS) assert.ok((written.get(kind) ?? 0) > 0, `${kind}: never written (refused ${refused.get(kind) ?? 0})`);
    assert.ok(sum(written) > 3 * sum(refused), `written ${sum(written)}, refused ${sum(refused)}`);
  });
});
