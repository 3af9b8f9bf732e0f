// How the History view writes a moment. Pure (no `vscode`): unit-tested in test/unit.
// Local time, zero-padded and the same width every time: `toLocaleString()` gave "11/24/2026, 1:45:12 PM" in one
// locale and a different order in the next, too long for the view's width, which cut it.

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-24 13:45:12`. */
export function fullTime(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${clockTime(t)}`;
}

/** `13:45:12`. */
export function clockTime(t: number): string {
  const d = new Date(t);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The date (`2026-11-24`) when `t` is not on the same local day as `now`, else undefined. */
export function dateIfNotToday(t: number, now: number): string | undefined {
  const [a, b] = [new Date(t), new Date(now)];
  const same = a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
  return same ? undefined : fullTime(t).slice(0, 10);
}
