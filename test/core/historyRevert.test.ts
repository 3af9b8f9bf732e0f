import { strict as assert } from 'node:assert';
import { recordEdit as record } from '../support/historyRecord';
import { contextAround, planRevert, type HistoryEdit } from '../../src/core/history';

// The revert's rarer paths: which place it takes back, and what it says when it will not.


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

const FILE = ['function total(items) {', '  let sum = 0;', '  for (const item of items) {', '    sum += item.price;', '  }', '  return sum;', '}', ''].join('\n');
const TWO_LINES = '    const lineTotal = item.price * item.quantity;\n    sum += lineTotal;\n';

describe('history: what a revert says', () => {
  it('a new text changed a little since is offered for review, saying which tier found it, how similar and where', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', TWO_LINES);
    const plan = planRevert(content.replace('item.quantity', 'item.count'), edit);
    assert.equal(plan.kind, 'review', JSON.stringify(plan));
    if (plan.kind === 'review') assert.match(plan.message ?? '', /only the similarity tier finds it \(90% similar, lines 4–5\)/);
  });

  it('a new text rewritten since is refused, naming the closest place (1-based lines) and how similar it is', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', TWO_LINES);
    const rewritten = content.replace(TWO_LINES, '    const lineTotal = item.cost * item.amount + 1;\n    sum += lineTotal * 2;\n');
    const plan = planRevert(rewritten, edit);
    assert.equal(plan.kind, 'refused', JSON.stringify(plan));
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'changed');
      assert.deepEqual(plan.closest && [plan.closest.startLine, plan.closest.endLine], [3, 4]);
      assert.match(plan.message, /nothing was reverted\. The closest place is lines 4–5 \(76% similar\): edit it by hand\./);
    }
  });

  it('a new text rewritten beyond any close place is refused, naming none', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', TWO_LINES);
    const plan = planRevert(content.replace(TWO_LINES, '    const total2 = item.cost * item.count;\n    sum += total2;\n'), edit);
    assert.equal(plan.kind, 'refused', JSON.stringify(plan));
    if (plan.kind === 'refused') {
      assert.equal(plan.closest, undefined);
      assert.match(plan.message, /changed since \(or removed\), so it cannot be taken back safely; nothing was reverted\.$/);
    }
  });

  it('a text put back by hand is refused as reverted already, in words', () => {
    const { content, edit } = record(FILE, '    sum += item.price;', '    sum += item.price * item.quantityOrdered;');
    const plan = planRevert('// top\n' + content.replace('item.price * item.quantityOrdered', 'item.price'), edit);
    assert.equal(plan.kind, 'refused');
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'already_reverted');
      assert.match(plan.message, /old text is already back in the file/);
    }
  });
});

describe('history: reverting a removal or a blank new text', () => {
  it('a line replaced by a blank one is put back between its neighbours after lines above moved it', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', '\n');
    const plan = planRevert('// top\n' + content, edit);
    assert.equal(plan.kind, 'ok', JSON.stringify(plan));
    if (plan.kind === 'ok') assert.deepEqual([plan.found.tier, plan.found.startLine], ['exact', 4]);
    assert.equal(outcome('// top\n' + content, edit), 'ok: // top\n' + FILE);
  });

  it('a removal whose neighbours changed is refused as changed, in words', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', '');
    const plan = planRevert('// top\n' + content.replace('for (const item of items) {', 'for (const it of items) {'), edit);
    assert.equal(plan.kind, 'refused');
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'changed');
      assert.match(plan.message, /removed text, and the lines around the removal changed since/);
    }
  });

  it('a removal whose text is back between its neighbours is refused as reverted already', () => {
    const { content, edit } = record(FILE, '    sum += item.price;\n', '');
    const plan = planRevert('// top\n' + FILE, edit);
    assert.equal(plan.kind, 'refused');
    if (plan.kind === 'refused') {
      assert.equal(plan.code, 'already_reverted');
      assert.match(plan.message, /already back in the file/);
    }
    assert.notEqual(content, FILE);
  });

  it('a removal with only blank lines around it is refused once moved: blank lines say nowhere', () => {
    const { content, edit } = record('\n\n  X  \n\n', 'X', '');
    assert.deepEqual([edit.newText, edit.before.trim(), edit.after.trim()], ['', '', '']);
    assert.equal(outcome('Y' + content, edit), 'refused: changed');
  });

  it('neighbours standing in several places are refused in words', () => {
    const text = 'p();\nq();\nr();\ns();\n// gap\np();\nq();\nDEL();\nr();\ns();\n';
    const { content, edit } = record(text, 'DEL();\n', '');
    const plan = planRevert(content.replace('// gap\n', '// gap\n// typed later, long enough to move it\n'), edit);
    assert.equal(plan.kind === 'refused' && plan.message.includes('stand in more than one place'), true, JSON.stringify(plan));
  });
});

describe('history: knowing the place as the edit’s own', () => {
  it('still where it was written, with the lines above rewritten and only a blank end below, it is offered for review', () => {
    const { content, edit } = record('a();\nb();\nx = 1;\n', 'x = 1;', 'x = 2;');
    assert.equal(planRevert(content.replace('b();', 'c();'), edit).kind, 'review');
  });

  it('still where it was written at the top of the file, with the lines below rewritten, it is offered for review', () => {
    const { content, edit } = record('x = 1;\nb();\nc();\n', 'x = 1;', 'x = 2;');
    assert.equal(planRevert(content.replace('b();', 'd();'), edit).kind, 'review');
  });

  it('lines that differ by more than spacing (`a b();` is not `ab();`) do not make another copy the edit’s own', () => {
    const { content, edit } = record('x = 2;\na b();\n\n\nc();\nx = 1;\nab();\n', 'x = 1;', 'x = 2;');
    const plan = planRevert(content.replace('c();\nx = 2;\nab();', 'q();\nx = 3;\nzz();'), edit);
    assert.equal(plan.kind, 'review', JSON.stringify(plan));
  });

  it('of two copies, the one nearest where it was written, with the lines above it unchanged, is reverted though the lines below changed', () => {
    const text = 'x = 2;\nfoo();\nbar();\np();\nq();\nx = 1;\nr();\ns();\n';
    const { content, edit } = record(text, 'x = 1;', 'x = 2;');
    const now = content.replace('r();\ns();', 'r2();\ns2();');
    assert.equal(outcome(now, edit), 'ok: ' + text.replace('r();\ns();', 'r2();\ns2();'));
  });

  it('a block re-indented since gets its old text back re-indented to match', () => {
    const { content, edit } = record('if (a) {\n  first();\n  second();\n}\n', '  first();\n  second();\n', '  first();\n  third();\n');
    const now = 'wrap {\n' + content.replace('  first();\n  third();\n', '    first();\n    third();\n') + '}\n';
    assert.equal(outcome(now, edit), 'ok: wrap {\nif (a) {\n    first();\n    second();\n}\n}\n');
  });

  it('an edit on the last line of a file without a final line break, below a blank first line, is found on its line', () => {
    const { content, edit } = record('\nlast = 1;', 'last = 1;', 'last = 2;');
    const plan = planRevert(content, edit);
    assert.equal(plan.kind, 'ok');
    if (plan.kind === 'ok') assert.deepEqual([plan.found.startLine, plan.found.endLine], [1, 1]);
  });
});
