import { strictEqual } from 'node:assert';
import type * as vscode from 'vscode';
import { oncePerVersion } from '../../src/extension/request/documentTexts';

describe('oncePerVersion (a document read once per version by a request)', () => {
  it('reads a document once while its version stays, again when it changes, and each document apart', () => {
    let reads = 0;
    const doc = (text: string) => ({ version: 1, text }) as unknown as vscode.TextDocument & { text: string };
    const a = doc('a');
    const b = doc('b');
    const textOf = oncePerVersion((d) => (reads++, (d as typeof a).text));
    strictEqual(textOf(a), 'a');
    strictEqual(textOf(a), 'a');
    strictEqual(reads, 1);
    strictEqual(textOf(b), 'b');
    strictEqual(reads, 2);
    (a as { version: number; text: string }).version = 2;
    (a as { text: string }).text = 'a2';
    strictEqual(textOf(a), 'a2', 'a new version is read again');
    strictEqual(reads, 3);
  });
});
