import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { propertyRuns } from '../../support/properties';
import { parseEdits } from '../../../src/core';

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

  it('a SEARCH/REPLACE block gives back the text it was written from', () => {
    const content = fc.array(fc.stringMatching(/^[a-z (){};=]{0,10}$/), { minLength: 1, maxLength: 6 }).filter((ls) => ls.some((l) => l.trim() !== ''));
    fc.assert(
      fc.property(content, content, (oldLines, newLines) => {
        const result = parseEdits(['src/f.ts', '```', '<<<<<<< SEARCH', ...oldLines, '=======', ...newLines, '>>>>>>> REPLACE', '```'].join('\n'));
        assert.ok(result.ok);
        assert.deepEqual(result.edits, [{ kind: 'replace', path: 'src/f.ts', oldString: oldLines.join('\n'), newString: newLines.join('\n'), sourceLine: 3 }]);
      }),
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
