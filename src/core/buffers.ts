// Typed arrays that grow: the engine's buffers of line numbers and widths, sized for the common case and doubled
// when a large file or a long old text needs more.

/** `a`'s values in an array of twice its length. */
export function doubled(a: Int32Array): Int32Array {
  const b = new Int32Array(Math.max(1, a.length * 2));
  b.set(a);
  return b;
}
