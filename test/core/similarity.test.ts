// How the similarity tiers score a place (src/core/similarity.ts), on real shapes that scored wrongly.
import { strict as assert } from 'node:assert';
import { applyEdit, isEditError } from '../../src/core';

// js-yaml's dumper: two near-twin blocks; the second is the one the old text quotes (with a typo, `pairBuffr`, and
// a forgotten `} else {`). Once canonical, `pairBuffer += ':'` and `pairBuffer += ': '` are the same line.
const DUMPER = [
  '    if (explicitPair) {',
  '      if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {',
  "        pairBuffer += '?'",
  '      } else {',
  "        pairBuffer += '? '",
  '      }',
  '    }',
  '',
  '    pairBuffer += state.dump',
  '',
  '    if (explicitPair) {',
  '      pairBuffer += generateNextLine(state, level)',
  '    }',
  '',
  '    if (!writeNode(state, level + 1, objectValue, true, explicitPair)) {',
  '      continue // Skip this pair because of invalid value.',
  '    }',
  '',
  '    if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {',
  "      pairBuffer += ':'",
  '    } else {',
  "      pairBuffer += ': '",
  '    }',
  '',
  '    pairBuffer += state.dump',
  '',
  '    // Both key and value are valid.',
  '    _result += pairBuffer',
  '',
].join('\n');

describe('similarity scoring', () => {
  it('a line diff\'s out-of-step equal pair does not sink the right place below its near-twin (seed 9)', () => {
    const old = "    }\n\n    if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {\n      pairBuffr += ':'\n      pairBuffer += ': '\n    }\n\n    pairBuffer += state.dump";
    const now = "    }\n\n    if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {\n      pairBuffr += ':'\n    }\n\n    pairBuffer += state.dump";
    let content: string | undefined;
    try {
      content = applyEdit(DUMPER, old, now).content;
    } catch (err) {
      if (!isEditError(err)) throw err; // refusing is safe; editing the twin is not
    }
    if (content !== undefined) {
      assert.ok(content.includes("        pairBuffer += '? '"), 'the near-twin block above is untouched');
      assert.ok(!content.includes("      pairBuffer += ': '"), 'the line the edit deletes is gone from the quoted block');
    }
    assert.notEqual(content, undefined, 'the quoted block is found');
  });

  it('look-alike table rows are not re-paired out of step: the row the edit deletes is the one deleted', () => {
    const file = ['const convert = {', "\trgb: {channels: 3, labels: 'rgb'},", "\thsl: {channels: 3, labels: 'hsl'},", "\thsv: {channels: 3, labels: 'hsv'},", "\thwb: {channels: 3, labels: 'hwb'},", "\tcmyk: {channels: 4, labels: 'cmyk'},", '};', ''].join('\n');
    // The model forgot the rgb row, has a typo in the hsv row, and deletes the hsl row.
    const old = ['const convert = {', "\thsl: {channels: 3, labels: 'hsl'},", "\thsv: {channels: 3 labels: 'hsv'},", "\thwb: {channels: 3, labels: 'hwb'},"].join('\n');
    const now = ['const convert = {', "\thsv: {channels: 3 labels: 'hsv'},", "\thwb: {channels: 3, labels: 'hwb'},"].join('\n');
    try {
      const { content } = applyEdit(file, old, now);
      assert.ok(content.includes("\trgb: {channels: 3, labels: 'rgb'},"), 'the forgotten rgb row stays');
      assert.ok(!content.includes("labels: 'hsl'"), 'the hsl row is the one deleted');
    } catch (err) {
      if (!isEditError(err)) throw err;
    }
  });

  it('an edge line paired with the forgotten line beside it gives way to the old edge line just outside (a slip)', () => {
    // gyp's common.py: the model quotes `return RelativePath(...)` with a typo and forgets `def UnrelativePath(...)`;
    // the window started at the def line and paired the quoted return line with it, so the blank line the edit
    // deletes (above the def) was never written — "applied" with one change missing.
    const file = [
      'def FixIfRelativePath(path, relative_to):',
      '    # Like RelativePath but returns |path| unchanged if it is absolute.',
      '    if os.path.isabs(path):',
      '        return path',
      '    return RelativePath(path, relative_to)',
      '',
      '',
      'def UnrelativePath(path, relative_to):',
      '    # Assuming that |relative_to| is relative to the current directory, and |path|',
      '    # is a path relative to the dirname of |relative_to|, returns a path that',
      '    # identifies |path| relative to the current directory.',
      '    rel_dir = os.path.dirname(relative_to)',
      '',
    ].join('\n');
    const old = '    return RelativePathpath, relative_to)\n\n\n    # Assuming that |relative_to| is relative to the current directory, and |path|\n    # is a path relative to the dirname of |relative_to|, returns a path that';
    const now = '    return RelativePathpath, relative_to)\n\n    # is a path relative to the dirname of |relative_to|, returns a path that';
    let content: string | undefined;
    try {
      content = applyEdit(file, old, now).content;
    } catch (err) {
      if (!isEditError(err)) throw err; // refusing is safe
    }
    if (content !== undefined) {
      assert.ok(content.includes('\n\ndef UnrelativePath') && !content.includes('\n\n\ndef UnrelativePath'), 'one of the two blank lines is deleted');
      assert.ok(content.includes('def UnrelativePath(path, relative_to):\n    # is a path'), 'the def line stays, the Assuming line goes');
    }
  });

  it('one old line borrowed from elsewhere in place of the file\'s is one slip: found, and the file\'s line kept', () => {
    const file = [
      'export function total(cart: Cart): number {',
      '  let sum = 0;',
      '  for (const item of cart.items) {',
      '    sum += item.price * item.quantity;',
      '  }',
      '  return applyDiscount(sum, cart.coupon);',
      '}',
      '',
      'export function isEmpty(cart: Cart): boolean {',
      '  return cart.items.length === 0 && cart.coupon === undefined;',
      '}',
      '',
    ];
    // The model wrote isEmpty's return line where total's loop body is: an invented line and a forgotten one.
    const borrowed = '  return cart.items.length === 0 && cart.coupon === undefined;';
    const quote = (first: string, last: string, middle = borrowed) => [first, '  for (const item of cart.items) {', middle, '  }', last].join('\n');
    const old = quote('  let sum = 0;', '  return applyDiscount(sum, cart.coupon);');
    const result = applyEdit(file.join('\n'), old, quote('  let sum = 0; // cents', '  return applyDiscount(sum, cart.coupon);'));
    assert.equal(result.content, file.map((l, i) => (i === 1 ? '  let sum = 0; // cents' : l)).join('\n'));
    assert.equal(result.matches[0].review, undefined);
    // The edit changing the borrowed line itself: the file has no such line there, so where the change goes is a
    // guess — never written without a person's say.
    const guess = applyEdit(file.join('\n'), old, quote('  let sum = 0;', '  return applyDiscount(sum, cart.coupon);', borrowed.replace('===  undefined', '!== undefined').replace('=== undefined', '!== undefined')));
    assert.ok(guess.matches[0].review?.some((r) => r.includes('is not in the file where the match is')));
  });
});
