// The glob patterns of `files.exclude`, matched against workspace-relative paths the way VS Code reads them:
// `**` any number of folders, `*` and `?` within one name, `{a,b}` alternatives, `[abc]`/`[!abc]` one character.
// A pattern that matches a folder hides everything in it. Pure (no `vscode`): unit-tested in test/unit.

/** A compiled glob: whether a '/'-separated relative path matches it, whole. */
export interface Glob {
  test(path: string): boolean;
}

/**
 * The pattern, matched without a regular expression. A pattern comes from workspace settings, which a cloned
 * repository can write: as a RegExp, each `*` a `[^/]*`, `*-*-*-*-*.log` against a name of 150 dashes backtracked for
 * seconds (250: over 40 s, the extension host frozen; found 2026-11-28). Here each alternative is matched by one pass
 * per pattern element over the path's positions: time pattern × path, whatever either holds.
 */
export function compileGlob(glob: string): Glob {
  const alternatives = expandBraces(unitsOf(glob));
  // Braces that multiply into more than this many patterns: matched as matching everything (the path is hidden, the
  // cautious side for an exclude list).
  if (alternatives === undefined) return { test: () => true };
  return { test: (path) => alternatives.some((tokens) => matches(tokens, path)) };
}

/** At most this many patterns from one glob's braces. */
const MAX_ALTERNATIVES = 256;

type Token =
  | { kind: 'char'; c: string }
  | { kind: 'one' }
  | { kind: 'class'; set: string; negated: boolean }
  | { kind: 'name' } // `*`: any run of characters but '/'
  | { kind: 'folders' } // `**/`: any number of whole folders
  | { kind: 'any' }; // `**`: anything

type Unit = Token | { kind: 'open' } | { kind: 'comma' } | { kind: 'close' };

/** The glob read left to right as its RegExp form read it: wildcards, classes, characters, and brace structure. */
function unitsOf(glob: string): Unit[] {
  const units: Unit[] = [];
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        units.push({ kind: 'folders' });
      } else units.push({ kind: 'any' });
    } else if (c === '*') units.push({ kind: 'name' });
    else if (c === '?') units.push({ kind: 'one' });
    else if (c === '{') {
      braces++;
      units.push({ kind: 'open' });
    } else if (c === '}' && braces > 0) {
      braces--;
      units.push({ kind: 'close' });
    } else if (c === ',' && braces > 0) units.push({ kind: 'comma' });
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end);
      units.push(body.startsWith('!') ? { kind: 'class', set: body.slice(1), negated: true } : { kind: 'class', set: body, negated: false });
      i = end;
    } else units.push({ kind: 'char', c });
  }
  return units;
}

/** The token sequences the units stand for, each `{a,b}` written out (an unclosed one closes at the end). */
function expandBraces(units: Unit[]): Token[][] | undefined {
  let i = 0;
  const sequence = (): Token[][] | undefined => {
    let out: Token[][] = [[]];
    while (i < units.length) {
      const u = units[i];
      if (u.kind === 'comma' || u.kind === 'close') return out;
      i++;
      if (u.kind !== 'open') {
        for (const o of out) o.push(u);
        continue;
      }
      const options: Token[][] = [];
      for (;;) {
        const alt = sequence();
        if (alt === undefined) return undefined;
        options.push(...alt);
        const stop = units[i];
        i++;
        if (stop?.kind !== 'comma') break;
      }
      if (out.length * options.length > MAX_ALTERNATIVES) return undefined;
      out = out.flatMap((o) => options.map((x) => [...o, ...x]));
    }
    return out;
  };
  return sequence();
}

/** In a class body, `a-z` is a range; anything else stands for itself. */
function inClass(set: string, c: string): boolean {
  for (let k = 0; k < set.length; k++) {
    if (set[k + 1] === '-' && k + 2 < set.length) {
      if (c >= set[k] && c <= set[k + 2]) return true;
      k += 2;
    } else if (set[k] === c) return true;
  }
  return false;
}

/** Whether `tokens` match all of `path`: the positions each prefix of the pattern can reach, one token at a time. */
function matches(tokens: Token[], path: string): boolean {
  const n = path.length;
  let reach = new Uint8Array(n + 1);
  reach[0] = 1;
  for (const t of tokens) {
    const next = new Uint8Array(n + 1);
    let any = false;
    if (t.kind === 'name' || t.kind === 'any') {
      // Any run from a reached position: of characters but '/' (`*`), or of any characters (`**`).
      let open = false;
      for (let q = 0; q <= n; q++) {
        if (reach[q]) open = true;
        if (open) next[q] = 1;
        if (t.kind === 'name' && q < n && path[q] === '/') open = false;
      }
    } else if (t.kind === 'folders') {
      // No folder (where it stands), or any run ending with a '/' after a reached position.
      let seen = false;
      for (let q = 0; q <= n; q++) {
        if (reach[q] || (seen && q > 0 && path[q - 1] === '/')) next[q] = 1;
        if (reach[q]) seen = true;
      }
    } else {
      for (let p = 0; p < n; p++) {
        if (!reach[p]) continue;
        const c = path[p];
        const ok = t.kind === 'char' ? c === t.c : t.kind === 'one' ? c !== '/' : inClass(t.set, c) !== t.negated;
        if (ok) next[p + 1] = 1;
      }
    }
    for (let q = 0; q <= n && !any; q++) any = next[q] === 1;
    if (!any) return false;
    reach = next;
  }
  return reach[n] === 1;
}

export interface ExcludeHit {
  pattern: string;
  /** The path (the file, or a folder holding it) the pattern matched. */
  matched: string;
  /** A `when` clause (`$(basename).ts`): the hit counts only if that sibling exists. */
  when?: string;
}

/** The `files.exclude` entries (pattern → true, or { when }) that hide `rel` or a folder holding it. */
export function excludeHits(rel: string, excludes: Record<string, unknown>): ExcludeHit[] {
  const segments = rel.split('/');
  const prefixes = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  const hits: ExcludeHit[] = [];
  for (const [pattern, value] of Object.entries(excludes)) {
    const when = value && typeof value === 'object' && typeof (value as { when?: unknown }).when === 'string' ? (value as { when: string }).when : undefined;
    if (value !== true && when === undefined) continue;
    const re = compileGlob(pattern.replace(/^\.?\//, ''));
    const matched = prefixes.find((p) => re.test(p));
    if (matched !== undefined) hits.push({ pattern, matched, ...(when !== undefined ? { when } : {}) });
  }
  return hits;
}

/** The sibling a `when` clause names for `matched` (`$(basename)`: the name without its last extension). */
export function whenSibling(matched: string, when: string): string {
  const slash = matched.lastIndexOf('/');
  const dir = matched.slice(0, slash + 1);
  const name = matched.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const basename = dot > 0 ? name.slice(0, dot) : name;
  return dir + when.replace(/\$\(basename\)/g, basename);
}
