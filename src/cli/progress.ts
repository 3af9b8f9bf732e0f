// "resolving 12/40" on stderr while a long batch resolves; only on a terminal, where \r redraws one line.
const MIN_EDITS = 10;
const REDRAW_MS = 100;

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

export function progressOn(stderr: { isTTY?: boolean; write(text: string): unknown }, total: number): Progress {
  if (!stderr.isTTY || total < MIN_EDITS) return { update() {}, finish() {} };
  let last = 0;
  let shown = false;
  return {
    update(done, all) {
      const now = Date.now();
      if (done < all && now - last < REDRAW_MS) return;
      last = now;
      shown = true;
      stderr.write(`\rresolving edits ${done}/${all}`);
    },
    finish() {
      if (shown) stderr.write('\r\x1b[K');
    },
  };
}
