import { strict as assert } from 'node:assert';
import { clockTime, dateIfNotToday, fullTime } from '../../src/extension/history/time';

describe('History view times', () => {
  const t = new Date(2026, 10, 4, 9, 5, 7).getTime(); // local time

  it('full and clock times are zero-padded, seconds included', () => {
    assert.equal(fullTime(t), '2026-11-04 09:05:07');
    assert.equal(clockTime(t), '09:05:07');
  });

  it('the date is shown only for another day', () => {
    assert.equal(dateIfNotToday(t, new Date(2026, 10, 4, 23, 59).getTime()), undefined);
    assert.equal(dateIfNotToday(t, new Date(2026, 10, 5, 0, 1).getTime()), '2026-11-04');
  });
});
