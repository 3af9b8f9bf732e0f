// "Did you mean …" for a file name that names nothing: the workspace files whose name is closest to it. Pure.
import { distance } from 'fastest-levenshtein';

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/**
 * Up to `max` of `paths` (workspace-relative, '/' separated) whose file name is near the one `written` names:
 * the same name in another folder first, then names a few edits away (case ignored), closest first. A name far
 * from every file suggests nothing: a wrong guess is worse than none.
 */
export function similarNames(written: string, paths: readonly string[], max = 3): string[] {
  const want = baseName(written.replace(/\\/g, '/')).toLowerCase();
  if (!want) return [];
  // Linear in the number of paths; names are short, and each comparison is bounded by their length.
  const limit = Math.max(1, Math.floor(want.length / 4));
  const scored: { path: string; d: number }[] = [];
  for (const path of paths) {
    const name = baseName(path).toLowerCase();
    if (Math.abs(name.length - want.length) > limit) continue;
    const d = name === want ? 0 : distance(name, want);
    if (d <= limit) scored.push({ path, d });
  }
  scored.sort((a, b) => a.d - b.d || a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
  return scored.slice(0, max).map((s) => s.path);
}
