// The glob patterns of `files.exclude`, matched against workspace-relative paths the way VS Code reads them:
// `**` any number of folders, `*` and `?` within one name, `{a,b}` alternatives, `[abc]`/`[!abc]` one character.
// A pattern that matches a folder hides everything in it. Pure (no `vscode`): unit-tested in test/unit.

/** The pattern as an anchored RegExp over a '/'-separated relative path. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      i++;
      if (glob[i + 1] === '/') {
        i++;
        re += '(?:[^/]*/)*';
      } else re += '.*';
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[' && glob.indexOf(']', i + 2) > i) {
      const end = glob.indexOf(']', i + 2);
      const body = glob.slice(i + 1, end).replace(/^!/, '^').replace(/[\\\]]/g, '\\$&');
      re += `[${body}]`;
      i = end;
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  while (braces-- > 0) re += ')';
  return new RegExp(`^${re}$`);
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
    let re: RegExp;
    try {
      re = globToRegExp(pattern.replace(/^\.?\//, ''));
    } catch {
      continue;
    }
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
