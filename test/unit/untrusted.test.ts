// The escaping of untrusted text (src/extension/messages/untrusted.ts), checked against the syntax of the renderers
// VS Code uses: the notification link parser (linkedText.ts, copied verbatim), the icon syntax (iconLabels.ts),
// and CommonMark's rules for a fenced block's closing line.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { codeBlock, escapeIcons, escapeMarkdown, plainText } from '../../src/extension/messages/untrusted';

/** VS Code's notification link syntax (src/vs/base/common/linkedText.ts). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/gi;
/** VS Code's icon syntax in labels (src/vs/base/browser/ui/iconLabel/iconLabels.ts); group 1: escaped. */
const ICON = /(\\)?\$\(([a-z0-9-]+?(?:~[a-z0-9-]*?)?)\)/gi;

const links = (s: string) => [...s.matchAll(LINK)].map((m) => m[2]);
const icons = (s: string) => [...s.matchAll(ICON)].filter((m) => !m[1]).map((m) => m[2]);

const PAYLOADS = [
  '[Show closest](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22echo%20PWNED%5Cn%22%7D)',
  '[x](command:fuzzyEdit.applyAllPending?/)',
  '[Reject](command:fuzzyEdit.applyAllPending "Drop this edit")',
  "[docs](https://example.com/a 'title')",
  '[open](file:///etc/passwd)',
  'see [a] [b](command:x) and [c]',
  '<command:fuzzyEdit.applyFromClipboard>',
];

describe('untrusted text: notifications and dialogs (plainText)', () => {
  it('no link survives, whatever the payload', () => {
    for (const p of PAYLOADS) {
      assert.ok(links(p).length > 0 || p.startsWith('<'), `the payload itself is a link: ${p}`);
      assert.deepEqual(links(plainText(p)), [], p);
      assert.deepEqual(links(plainText(`Fuzzy Edit: no file "${p}" in the workspace`)), [], p);
    }
  });

  it('stays readable: only the "](" of a link gets a backslash', () => {
    assert.equal(plainText('[x](command:y)'), '[x]\\(command:y)');
    assert.equal(plainText('Edit 1 of 2 (src/a_b.ts): not found [tried: exact]'), 'Edit 1 of 2 (src/a_b.ts): not found [tried: exact]');
  });

  it('icons are escaped the way VS Code escapes them', () => {
    assert.deepEqual(icons(plainText('Applied: Create $(loading~spin)$(check).ts')), []);
    assert.equal(plainText('$(x)'), '\\$(x)');
  });

  it('property: no link and no icon in any text', () => {
    const alphabet = fc.constantFrom('[', ']', '(', ')', '\\', '$', ' ', '\n', '"', "'", 'command:', 'https://', 'file:', 'x', 'y~', '-');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const out = plainText(parts.join(''));
        // Notifications join lines with spaces before parsing links.
        assert.deepEqual(links(out.replace(/\r\n|\n|\r/g, ' ')), []);
        assert.deepEqual(icons(out), []);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('untrusted text: status bar, code lens and quick pick labels (escapeIcons)', () => {
  it('escapes $(name) and $(name~spin), leaves an escaped one and the rest alone', () => {
    assert.equal(escapeIcons('a $(gear) b $(sync~spin)'), 'a \\$(gear) b \\$(sync~spin)');
    assert.equal(escapeIcons('\\$(gear)'), '\\$(gear)');
    assert.equal(escapeIcons('cost: $5 (approx)'), 'cost: $5 (approx)');
    assert.deepEqual(icons(escapeIcons('$(a)$(b)$$(c)')), []);
  });
});

describe('untrusted text: markdown (escapeMarkdown)', () => {
  it('escapes every markdown and link metacharacter', () => {
    for (const c of ['[', ']', '(', ')', '`', '<', '>', '*', '_', '!', '#', '\\', '|', '~', '&', '$', '-', '+', '.', ':', '{', '}', '=', '"', "'"]) {
      assert.equal(escapeMarkdown(c), '\\' + c, c);
    }
    assert.equal(escapeMarkdown('src/a b9'), 'src\\/a b9');
  });

  it('a command link, an autolink, an image, emphasis and an icon all come out as text', () => {
    const s = escapeMarkdown('[Apply All](command:fuzzyEdit.applyAllPending) <command:x> ![i](https://e/x.png) **b** _i_ `c` $(gear) <b>html</b> &amp;');
    assert.doesNotMatch(s, /(^|[^\\])[[\]()<>*_`!$&]/, 'every metacharacter is preceded by a backslash');
    assert.deepEqual(links(s), []);
  });

  it('a line break cannot start a block (a heading, a fence, a list)', () => {
    assert.equal(escapeMarkdown('a\n# b\r\n```\rc'), 'a \\# b \\`\\`\\` c');
  });

  it('property: every ASCII punctuation character is escaped, nothing else changes', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const out = escapeMarkdown(s);
        assert.equal(out.replace(/\\([!-/:-@[-`{-~])/g, '$1'), s.replace(/\r\n?|\n/g, ' '));
        assert.doesNotMatch(out.replace(/\\[!-/:-@[-`{-~]/g, ''), /[!-/:-@[-`{-~]/);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('untrusted text: fenced code blocks (codeBlock)', () => {
  /** CommonMark: a closing fence is up to 3 spaces, then at least as many backticks as the opening, then spaces. */
  function closesEarly(block: string): boolean {
    const lines = block.split('\n').slice(1, -1);
    const fence = /^(`{3,})/.exec(lines[0])![1];
    const closing = new RegExp('^ {0,3}`{' + fence.length + ',}[ \\t]*$');
    return lines.slice(1, -1).some((l) => closing.test(l));
  }

  it('a diff line holding a fence (" ```", "-````", "+```") cannot close the block', () => {
    const diff = [' before', ' ```', '-````js', '+```', ' [Reject](command:fuzzyEdit.applyAllPending)', ' ```````'].join('\n');
    const block = codeBlock(diff, 'diff');
    assert.ok(block.startsWith('\n````````diff\n'), 'one more backtick than the longest run (7)');
    assert.ok(!closesEarly(block));
    assert.ok(block.endsWith('\n````````\n'));
  });

  it('at least three backticks, and the language after the opening fence', () => {
    assert.equal(codeBlock('plain', 'text'), '\n```text\nplain\n```\n');
    assert.equal(codeBlock('a `b` c'), '\n```\na `b` c\n```\n');
  });

  it('property: no line of any text closes the block', () => {
    const alphabet = fc.constantFrom('`', '``', '```', '````', ' ', '-', '+', '\n', '\r\n', 'x', '~~~');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 50 }), (parts) => {
        assert.ok(!closesEarly(codeBlock(parts.join('').replace(/\r/g, ''), 'diff')));
      }),
      { numRuns: 3000 },
    );
  });

  it('a long text does not overflow the stack', () => {
    assert.ok(codeBlock('`a'.repeat(300_000) + '````').startsWith('\n`````\n'));
  });
});
