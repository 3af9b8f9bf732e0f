// File names as chat answers write them around edits: on a line of their own (`src/a.ts`, `**a.ts**`, `* a.ts`,
// "File: a.ts"), or in a sentence of prose ("Same problem in `b.py`:"). Shared by the dialects that read a block's
// file from the text around it.

/**
 * Files named in backticks on a line of prose: a directory in the name, or an extension files have. Not a member
 * (`self.save`) or a URL. (Bare words are not read: prose is full of `read/write`, `Node.js`, `docs.rs`.)
 */
export function pathsMentioned(line: string): string[] {
  return [...line.matchAll(/`([^`\s]{1,300})`/g)].map((m) => asPath(m[1])).filter((p): p is string => p !== undefined && isFileName(p));
}

/**
 * The file a short sentence ending in a colon names as what follows: "In `b.py`:", "Same problem in b.py:", "Now
 * update src/b.ts as follows:", "Changes to `b.py`:". Only these phrasings: a sentence that names a file otherwise
 * mentions it ("The fix mirrors `utils.py`:", "Similar to what we did in utils.py, add an encoding:"): none.
 */
export function designatedPath(line: string): string | undefined {
  const text = line.trim();
  if (!text.endsWith(':') || text.length > 200) return undefined;
  const words = text.slice(0, -1).split(/\s+/).filter(Boolean);
  const at = words.map((w) => asPath(withoutEndPunctuation(w.replace(/^[(*_`'"]+|[)*_`'",]+$/g, ''))));
  const named = at.flatMap((p, k) => (p !== undefined && isFileName(p) ? [k] : []));
  if (named.length !== 1) return undefined;
  const [k] = named;
  const before = words.slice(0, k).join(' ').toLowerCase();
  const after = words.slice(k + 1).join(' ').toLowerCase();
  return DESIGNATION_BEFORE.test(before) && DESIGNATION_AFTER.test(after) ? at[k] : undefined;
}

/** What a sentence says before the file it designates ("Now in", "Same problem in", "Update", "Changes to"). */
const DESIGNATION_BEFORE = /^(?:(?:now|then|also|and|next|finally|same (?:problem|fix|change|thing))[,]? )?(?:in|inside|for|update|edit|change|modify|fix|file|changes to|changes in|and in)$/;
/** …and after it: nothing, or "as follows", "too", "as well". */
const DESIGNATION_AFTER = /^(?:|as follows|too|as well|also)$/;

/** A name with a directory and an extension, or a file extension (lower case: `threading.Lock` is a member). */
function isFileName(path: string): boolean {
  return (path.includes('/') ? /\.[A-Za-z0-9]+$/.test(path) : FILE_EXTENSION.test(path)) && !FRAMEWORK.test(path) && !/^\w+:/.test(path);
}

/** A word without the full stops and colons a sentence puts after it (a loop: `/[.:]+$/` is quadratic in a run). */
function withoutEndPunctuation(word: string): string {
  let end = word.length;
  while (end > 0 && (word[end - 1] === '.' || word[end - 1] === ':')) end--;
  return word.slice(0, end);
}

/** Names that end like a file but are a library's (prose says "in Node.js"). */
const FRAMEWORK = /^(?:node|vue|next|nuxt|express|react|three|d3|chart|ember|backbone|angular|alpine|solid|svelte|deno)\.js$/i;

const FILE_EXTENSION = /\.(?:py|pyi|js|mjs|cjs|jsx|ts|tsx|mts|cts|json|jsonc|md|mdx|rst|txt|ya?ml|toml|ini|cfg|conf|rs|go|java|kt|kts|scala|c|h|cc|cpp|cxx|hpp|hh|cs|fs|rb|php|swift|m|mm|sh|bash|zsh|ps1|css|scss|sass|less|html?|xml|svg|vue|svelte|sql|lua|dart|ex|exs|erl|hs|ml|mli|clj|r|pl|pm|gradle|tf|proto|graphql|dockerfile|env|lock)$/;

const EMPHASIS = new Set(['*', '_', '`', "'", '"']);

/**
 * The text without markdown emphasis and quotes around it. A loop, not `/[*_`'"]+$/`: that pattern retries from
 * every character of a long run that does not reach the end, which is quadratic in the run. Past either end of
 * `s` a character is undefined, no emphasis, so each loop stops there; when `s` is all emphasis the two meet or
 * cross, and the slice is empty.
 */
function stripEmphasis(s: string): string {
  let [start, end] = [0, s.length];
  while (EMPHASIS.has(s[start])) start++;
  while (EMPHASIS.has(s[end - 1])) end--;
  return s.slice(start, end);
}

/** `b.py (entry point)` → `b.py`: a note in parentheses after a space, read from the end (no regex backtracking). */
function withoutNote(s: string): string {
  if (!s.endsWith(')')) return s;
  const open = s.lastIndexOf('(');
  if (open <= 0 || s.length - open > 200 || s.indexOf(')', open) !== s.length - 1 || !/\s/.test(s[open - 1])) return s;
  return s.slice(0, open).trimEnd();
}

/** `src/a.ts`, `**src/a.ts**`, "File: src/a.ts", "# src/a.ts:", `<path>src/a.ts</path>` → the path; prose → undefined. */
export function asPath(line: string): string | undefined {
  let s = line.trim();
  const tagged = /^<path>(.+)<\/path>$/.exec(s);
  if (tagged) return tagged[1].trim() || undefined;
  // A list item, a quote or a comment around the name (`* b.py`, `1. b.py`, `> b.py`, `// b.py`), a markdown link
  // to it (`[b.py](src/b.py)`: its target), a note after it (`**b.py** (entry point)`).
  s = s.replace(/^(?:[-*+]|\d{1,3}[.)]|>|\/\/|--)\s+/, '');
  // (A link to anything but a relative path, `command:` or `https:`, stays the line it was: refused as a name.)
  const link = /^\[[^\]]{1,300}\]\(([\w@~./\\-]{1,300})\)$/.exec(s);
  if (link) s = link[1];
  s = withoutNote(s);
  s = s.replace(/^#+\s*/, '').replace(/^(?:file|path|filename)\s*:\s*/i, '');
  s = stripEmphasis(s).replace(/:$/, '');
  s = stripEmphasis(s);
  if (!s || /[\s<>|`*"]/.test(s)) return undefined;
  // A path has a directory separator or an extension; bare words ("Before", "Here") are prose.
  if (s.includes('/') || s.includes('\\') || /\.[A-Za-z0-9_-]+$/.test(s) || /^(?:Makefile|Dockerfile|Rakefile|Gemfile|LICENSE)$/.test(s)) return s;
  return undefined;
}
