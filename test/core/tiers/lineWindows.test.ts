// The line tiers' shared search (src/core/tiers/lineWindows.ts): before a whole-file pass, a line the old text
// has once and no file line equals proves there is no window — but only from a complete list of the lines
// holding its word.
import assert from 'node:assert/strict';
import { findMatch } from '../../../src/core';

describe('line windows: absence is proved only from every line holding the word', () => {
  // 20,000 look-alike lines: the word `total` is on more lines than the word index lists, so the three lines
  // at the end are not in its (cut) list.
  const filler = Array.from({ length: 20_000 }, () => '    total = total + value;').join('\n');
  const block = ['    total = total + value * 2;', '    total = total + value * 3;', '    total = total + value * 4;'];
  const file = `${filler}\n${block.join('\n')}\n`;

  it('a dedented old text at the end of a file of look-alike lines: found by the indentation tier', () => {
    const r = findMatch(file, block.map((l) => l.trim()).join('\n'));
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.startLine, r.match.endLine], ['indentation', 20_000, 20_002]);
  });

  it('…and with spaces of its own inside the lines, in a file whose word list is complete: compared under the tier’s key', () => {
    // 2,000 look-alike lines: still one pass over the file, and the word's list is every line holding it.
    const shorter = `${filler.split('\n').slice(0, 2_000).join('\n')}\n${block.join('\n')}\n`;
    const r = findMatch(shorter, block.map((l) => l.trim().replace(' = ', '  =  ')).join('\n'));
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.startLine, r.match.endLine], ['whitespace', 2_000, 2_002]);
  });

  it('one line of it changed: stands nowhere, not found', () => {
    const r = findMatch(file, block.map((l) => l.trim()).join('\n').replace('* 3', '* 5'), { tiers: ['indentation', 'line-trimmed', 'whitespace', 'unicode'] });
    assert.equal(r.kind, 'not_found');
  });
});

describe('line windows: a line found once in the file is proof of nothing', () => {
  // 2,000 look-alike lines, then the one line holding `reportTotal`: one pass over the file, and that word (as
  // long as the look-alike lines' longest) is on that line only — the old text's own line, so the block stands there.
  const filler = Array.from({ length: 2_000 }, () => '    accumulated += 1;');
  const file = `${[...filler, '    reportTotal(accumulated);'].join('\n')}\n`;

  it('a dedented old text whose last line is the only one holding its word: found by the indentation tier', () => {
    const r = findMatch(file, 'accumulated += 1;\naccumulated += 1;\nreportTotal(accumulated);');
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.startLine, r.match.endLine], ['indentation', 1_998, 2_000]);
  });

  it('a dash typed as `--` in the file, an em dash in the old text: the dash search is not cut short by the canonical one', () => {
    // Canonically (`—` read as `-`) the last line stands nowhere; read as `--` it stands once.
    const dashed = `${[...filler, "    run('--force', accumulated);"].join('\n')}\n`;
    const r = findMatch(dashed, "    accumulated += 1;\n    accumulated += 1;\n    run('\u2014force', accumulated);");
    assert.deepEqual(r.kind === 'match' && [r.match.tier, r.match.startLine, r.match.endLine, r.match.normalized], [
      'unicode',
      1_998,
      2_000,
      ['dashes read as --', 'typographic quotes, dashes and spaces', 'whitespace'],
    ]);
  });
});
