import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { propertyRuns } from '../../support/properties';
import { parseEdits, resolveBatch } from '../../../src/core';

// Lines built from the characters the formats care about, so the generator reaches markers and brackets often.
const line = fc.oneof(
  fc.constantFrom('<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE', '------- SEARCH', '+++++++ REPLACE', '------- REPLACE', '------- END', '*** Begin Patch', '*** End Patch', '@@ -1,2 +1,2 @@', '--- a/x', '+++ b/x', '```', ''),
  fc.stringMatching(/^[ -~]{0,12}$/),
  fc.constantFrom('{"file_path":"a","old_string":"x","new_string":"y"}', '{"old_string": ', '[{', '"}'),
);
const text = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'));

describe('formats: properties', () => {
  it('parseEdits never throws: it returns edits or a ParseError with a line inside the text', () => {
    fc.assert(
      fc.property(text, (input) => {
        const result = parseEdits(input);
        if (result.ok) assert.ok(result.edits.length > 0);
        else assert.ok(result.line >= 1 && result.line <= input.split('\n').length + 1, `line ${result.line}`);
      }),
      propertyRuns(2000),
    );
  });

  it('a SEARCH/REPLACE block whose parts end in a line of text gives back those lines joined', () => {
    const content = fc.array(fc.stringMatching(/^[a-z (){};=]{0,10}$/), { minLength: 1, maxLength: 6 }).filter((ls) => ls[ls.length - 1].trim() !== '');
    fc.assert(
      fc.property(content, content, (oldLines, newLines) => {
        const result = parseEdits(['src/f.ts', '```', '<<<<<<< SEARCH', ...oldLines, '=======', ...newLines, '>>>>>>> REPLACE', '```'].join('\n'));
        assert.ok(result.ok);
        assert.deepEqual(result.edits, [{ kind: 'replace', path: 'src/f.ts', oldString: oldLines.join('\n'), newString: newLines.join('\n'), sourceLine: 3 }]);
      }),
    );
  });

  it('any SEARCH/REPLACE block applied between two lines writes its REPLACE lines, or is refused (blank edges included)', () => {
    const content = fc.array(fc.constantFrom('', '  ', 'a', 'b = 1;', '  c();', '}'), { minLength: 0, maxLength: 5 });
    // A whitespace-only line the edit keeps as context stays as the file has it: compared as blank.
    const blanked = (text: string) => text.replace(/^[ \t]+$/gm, '');
    fc.assert(
      fc.property(content, content, (oldLines, newLines) => {
        fc.pre(oldLines.some((l) => l.trim() !== '') && oldLines.join('\n') !== newLines.join('\n'));
        const result = parseEdits(['f.ts', '<<<<<<< SEARCH', ...oldLines, '=======', ...newLines, '>>>>>>> REPLACE'].join('\n'));
        assert.ok(result.ok);
        const file = ['top();', ...oldLines, 'bottom();', ''].join('\n');
        const batch = resolveBatch(new Map([['f.ts', file]]), result.edits);
        if (!batch.outcomes.every((o) => o.status === 'resolved')) return;
        assert.equal(blanked(batch.files[0].after!), blanked(['top();', ...newLines, 'bottom();', ''].join('\n')));
      }),
      propertyRuns(2000),
    );
  });

  it('a tool call gives back its strings exactly, whatever they contain', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (oldString, newString) => {
        const result = parseEdits(`Calling the tool:\n${JSON.stringify({ file_path: 'a.txt', old_string: oldString, new_string: newString })}\n`);
        assert.ok(result.ok, JSON.stringify(result));
        const clean = (s: string) => s.replace(/\r\n?/g, '\n');
        assert.deepEqual(result.edits, [{ kind: 'replace', path: 'a.txt', oldString: clean(oldString), newString: clean(newString), sourceLine: 2 }]);
      }),
      propertyRuns(500),
    );
  });
});
