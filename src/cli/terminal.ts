// Text for a terminal. Edits, file names and quoted input lines are untrusted: an escape sequence in them would
// be acted on by the terminal that shows it (redraw, retitle, hide lines), so control characters are escaped.

/** `text` with every control character escaped as \uXXXX, except tab, line feed and a CR that ends a line. */
export function terminalSafe(text: string): string {
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c, at: number) => (c === '\r' && text[at + 1] === '\n' ? c : escape(c)));
}

/**
 * A name as a message shows it: quoted, with escapes, when it has spaces, quotes or characters a terminal would
 * act on.
 */
export function shown(name: string): string {
  if (!/[\s"'\\\x00-\x1f\x7f-\x9f]/.test(name) && name !== '') return name;
  // JSON.stringify escapes C0 controls and quotes, but leaves DEL and the C1 controls raw.
  return JSON.stringify(name).replace(/[\x7f-\x9f]/g, escape);
}

/** One result on stdout: `value` as JSON, or `text` made safe for a terminal (it quotes file lines and edits). */
export function printResult(stdout: { write(text: string): unknown }, json: boolean, value: object, text: string): void {
  stdout.write(json ? JSON.stringify(value, null, 2) + '\n' : terminalSafe(text) + '\n');
}

function escape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}
