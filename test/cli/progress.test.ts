import { strict as assert } from 'node:assert';
import { progressOn } from '../../src/cli/progress';

function fakeStderr(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream, written };
}

describe('cli: progress on stderr', () => {
  it('draws "resolving edits n/total" on a terminal for long batches, and clears it', () => {
    const { stream, written } = fakeStderr(true);
    const progress = progressOn(stream, 12);
    for (let done = 1; done <= 12; done++) progress.update(done, 12);
    progress.finish();
    assert.equal(written[0], '\rresolving edits 1/12');
    assert.equal(written[written.length - 2], '\rresolving edits 12/12', 'the last count is always drawn');
    assert.equal(written[written.length - 1], '\r\x1b[K');
  });

  it('stays silent when stderr is not a terminal, or the batch is short', () => {
    for (const [isTTY, total] of [
      [false, 50],
      [true, 3],
    ] as const) {
      const { stream, written } = fakeStderr(isTTY);
      const progress = progressOn(stream, total);
      for (let done = 1; done <= total; done++) progress.update(done, total);
      progress.finish();
      assert.deepEqual(written, []);
    }
  });

  it('redraws at most every 100 ms, except the last count; from 10 edits on', () => {
    const realNow = Date.now;
    let now = 1_000_000;
    Date.now = () => now;
    try {
      const { stream, written } = fakeStderr(true);
      const progress = progressOn(stream, 10);
      for (const [done, at] of [[1, 0], [2, 50], [3, 99], [4, 100], [5, 150], [6, 250], [7, 260], [10, 261]]) {
        now = 1_000_000 + at;
        progress.update(done, 10);
      }
      progress.finish();
      assert.deepEqual(written, ['\rresolving edits 1/10', '\rresolving edits 4/10', '\rresolving edits 6/10', '\rresolving edits 10/10', '\r\x1b[K']);
    } finally {
      Date.now = realNow;
    }
  });

  it('finish clears nothing when nothing was drawn', () => {
    const { stream, written } = fakeStderr(true);
    progressOn(stream, 12).finish();
    assert.deepEqual(written, []);
  });
});
