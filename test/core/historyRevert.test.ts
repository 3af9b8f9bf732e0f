import { strict as assert } from 'node:assert';
import { applyEdit } from '../../src/core';
import { contextAround, planRevert, type HistoryEdit } from '../../src/core/history';

// The revert's rarer paths: which place it takes back, and what it says when it will not.

/** Applies old → new to `content` with the engine and records it the way the extension does. */
function record(content: string, oldText: string, newText: string): { content: string; edit: HistoryEdit } {
  const r = applyEdit(content, oldText, newText);
  const span = r.edits[0];
  const start = span.start;
  const end = start + span.text.length;
  const lineOf = (o: number) => r.content.slice(0, o).split('\n').length - 1;
  return {
    content: r.content,
    edit: {
      id: 'e1',
      requestId: 'r1',
      uri: 'file:///x.ts',
      time: 1,
      tier: span.match.tier,
      score: span.match.score,
      oldText: content.slice(span.start, span.end),
      newText: span.text,
      start,
      end,
      startLine: lineOf(start),
      endLine: lineOf(Math.max(start, end - 1)),
      ...contextAround(r.content, start, end),
    },
  };
}

/** The text with the plan written, or the refusal's code. */
function outcome(content: string, edit: HistoryEdit): string {
  const plan = planRevert(content, edit);
  return plan.kind === 'refused' ? `refused: ${plan.code}` : `${plan.kind}: ${content.slice(0, plan.start) + plan.text + content.slice(plan.end)}`;
}

const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}();\n`).join('');

describe('history: which place a revert takes back', () => {
  it('two copies of the new text with the same surroundings, equally far from where it was written, are refused: neither is known as its own', () => {
    const block = (x: string) => `aa();\nbb();\nx = ${x};\ncc();\ndd();\n`;
    const { edit } = record(lines(10, 'fa') + block('1') + lines(5, 'fb'), 'x = 1;', 'x = 2;');
    // The edit stood on line 13; now a copy stands three lines above and three below, each between the same lines.
    const now = lines(7, 'fa') + block('2') + 'zz();\n' + block('2') + lines(5, 'fb');
    const plan = planRevert(now, edit);
    assert.equal(plan.kind, 'refused', JSON.stringify(plan));
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'ambiguous');
      assert.match(plan.message, /stands in 2 places and its surroundings changed/);
    }
  });

  it('of two copies equally far from where it was written, the one between the lines it was written between is reverted', () => {
    const block = (x: string) => `aa();\nbb();\nx = ${x};\ncc();\ndd();\n`;
    const { edit } = record(lines(10, 'fa') + block('1') + lines(5, 'fb'), 'x = 1;', 'x = 2;');
    const now = lines(7, 'fa') + 'pp();\nqq();\nx = 2;\nrr();\nss();\n' + 'zz();\n' + block('2') + lines(5, 'fb');
    assert.equal(outcome(now, edit), 'ok: ' + now.replace('bb();\nx = 2;', 'bb();\nx = 1;'));
  });
});

describe('history: the context kept around an edit', () => {
  it('a blank first line of the file is a line of context like any other', () => {
    const text = '\nb\nMID';
    const mid = text.indexOf('MID');
    assert.equal(contextAround(text, mid, mid + 3).before, '\nb\n', 'two lines above: the blank one and b');
    assert.equal(contextAround(text, mid, mid + 3, 1).before, 'b\n', 'one line above: b');
    assert.equal(contextAround('\nMID', 1, 4, 1).before, '\n');
  });

  it('a span at the very start of a file that begins with a blank line keeps two lines below, not the rest of the file', () => {
    assert.equal(contextAround('\na\nb\nc\nd\n', 0, 0).after, '\na\nb\n');
  });
});
