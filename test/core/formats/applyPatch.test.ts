import { strict as assert } from 'node:assert';
import { parseApplyPatch } from '../../../src/core/formats/applyPatch';
import { edits } from './expectations';


describe('formats: apply_patch (*** Begin Patch)', () => {
  it('reads update, add, delete and move sections from a shell heredoc', () => {
    const text = [
      "apply_patch <<'EOF'",
      '*** Begin Patch',
      '*** Update File: src/app.py',
      '*** Move to: src/main.py',
      '@@ class App:',
      '@@     def run(self):',
      '-        return 0',
      '+        return self.loop()',
      '@@',
      ' if __name__ == "__main__":',
      '-    App().run()',
      '+    raise SystemExit(App().run())',
      '*** End of File',
      '*** Add File: NOTES.md',
      '+# Notes',
      '+',
      '+first',
      '*** Delete File: legacy.py',
      '*** End Patch',
      'EOF',
    ].join('\n');
    assert.deepEqual(edits(parseApplyPatch(text)), [
      { kind: 'replace', path: 'src/app.py', oldString: '        return 0', newString: '        return self.loop()', anchor: ['class App:', 'def run(self):'], sourceLine: 5 },
      {
        kind: 'replace',
        path: 'src/app.py',
        oldString: 'if __name__ == "__main__":\n    App().run()',
        newString: 'if __name__ == "__main__":\n    raise SystemExit(App().run())',
        sourceLine: 9,
      },
      { kind: 'rename', path: 'src/app.py', to: 'src/main.py', sourceLine: 4 },
      { kind: 'create', path: 'NOTES.md', content: '# Notes\n\nfirst\n', sourceLine: 14 },
      { kind: 'delete', path: 'legacy.py', sourceLine: 18 },
    ]);
  });

  it('reads a first chunk without "@@", blank context lines, CRLF input', () => {
    const text = ['*** Begin Patch', '*** Update File: a.txt', ' one', '', '-two', '+2', '', '*** End Patch', ''].join('\r\n');
    assert.deepEqual(edits(parseApplyPatch(text)), [{ kind: 'replace', path: 'a.txt', oldString: 'one\n\ntwo', newString: 'one\n\n2', sourceLine: 3 }]);
  });

  describe('errors', () => {
    it('a patch without "*** End Patch"', () => {
      const result = parseApplyPatch(['Here:', '*** Begin Patch', '*** Delete File: a', ''].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.format, 'apply-patch');
      assert.equal(result.line, 2);
      assert.match(result.message, /not closed: expected "\*\*\* End Patch"/);
    });

    it('an unknown section header', () => {
      const result = parseApplyPatch(['*** Begin Patch', '*** Modify File: a', '*** End Patch'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 2);
      assert.match(result.message, /expected "\*\*\* Add File:", "\*\*\* Update File:"/);
    });

    it('a line without a prefix in an update', () => {
      const result = parseApplyPatch(['*** Begin Patch', '*** Update File: a.js', '@@', 'let x = 1;', '*** End Patch'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 4);
      assert.match(result.message, /in the update of a\.js, expected a line starting with " ", "-", "\+" or "@@", found "let x = 1;"/);
    });

    it('an added file line without "+"', () => {
      const result = parseApplyPatch(['*** Begin Patch', '*** Add File: n.txt', '+ok', 'oops', '*** End Patch'].join('\n'));
      assert.ok(!result.ok);
      assert.equal(result.line, 4);
    });

    it('an update with no changes', () => {
      const result = parseApplyPatch(['*** Begin Patch', '*** Update File: a', '*** End Patch'].join('\n'));
      assert.ok(!result.ok);
      assert.match(result.message, /update of a at line 2 has no changes/);
    });
  });
});
