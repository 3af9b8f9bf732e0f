// Edit tool calls as JSON, alone or in arrays, bare or wrapped in the envelopes model APIs use:
//   {file_path, old_string, new_string, replace_all}     Claude Code Edit
//   {filePath, oldString, newString, replaceAll}         camelCase clients
//   {command: "str_replace", path, old_str, new_str}     str_replace_based_edit_tool
//   {file_path, edits: [{old_string, new_string, replace_all?}]}   MultiEdit
//   {command: "create", path, file_text} / {file_path, content}   create a file
//   {name, arguments | input | parameters}, {function: {…}}, {tool_calls: […]}, {content: […]}   envelopes
// OpenAI sends `arguments` as a JSON string; it is parsed in turn.
import type { FileEdit, ParseResult } from './types';
import { FormatSyntaxError, parseWith } from './text';
import { LineIndex, scanJson } from './jsonScan';
import { pushAll } from '../arrays';

const EDIT_KEY = /"(?:old_string|oldString|old_str|new_string|newString|new_str|edits|file_text)"\s*:/;
/**
 * Names every edit holds somewhere, as a key or inside an `arguments` string where its quotes are escaped:
 * JSON without any of them holds no edit, and is not worth parsing.
 */
const EDIT_NAME = /old_str|oldString|new_str|newString|file_text|content|edits/;

/** The same keys inside a JSON string (OpenAI's `arguments`), their quotes escaped. */
const ESCAPED_EDIT_KEY = /\\"(?:old_string|oldString|old_str|new_string|newString|new_str|edits|file_text)\\"\s*:/;

export function hasToolCallJson(text: string): boolean {
  return EDIT_KEY.test(text) || ESCAPED_EDIT_KEY.test(text);
}

export function parseToolCalls(text: string): ParseResult {
  const normalized = text.replace(/\r\n?/g, '\n');
  return parseWith('tool-call', () => readToolCalls(normalized), 'No edit tool call found: expected JSON with old_string/new_string (or oldString/newString, old_str/new_str).');
}

function readToolCalls(text: string): FileEdit[] {
  const edits: FileEdit[] = [];
  const lines = new LineIndex(text);
  const keys = mentions(text, EDIT_KEY);
  // JSON that never names a part of an edit is someone's code sample or data: not even parsed.
  for (const span of scanJson(text, mentions(text, EDIT_NAME).within)) {
    if (span.kind === 'broken') {
      // Broken JSON that never mentions an edit is someone's code sample, not our request.
      if (!keys.within(span.start, span.end)) continue;
      const line = lines.lineAt(span.at);
      throw new FormatSyntaxError(line, `The JSON starting at line ${lines.lineAt(span.start)} is invalid at line ${line}, column ${columnAt(text, span.at)}: ${span.reason}.`);
    }
    pushAll(edits, editsIn(span.value, lines.lineAt(span.start)));
  }
  return edits;
}

/** Where the text matches `pattern`, found in one pass: asking about many spans never rescans the text. */
function mentions(text: string, pattern: RegExp): { within(start: number, end: number): boolean } {
  const found: { start: number; end: number }[] = [];
  const all = new RegExp(pattern.source, 'g');
  for (let m = all.exec(text); m; m = all.exec(text)) found.push({ start: m.index, end: m.index + m[0].length });
  return {
    within(start, end) {
      let [lo, hi] = [0, found.length];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (found[mid].start < start) lo = mid + 1;
        else hi = mid;
      }
      return lo < found.length && found[lo].end <= end;
    },
  };
}

type Json = Record<string, unknown>;

const ENVELOPE_KEYS = ['input', 'parameters', 'function', 'tool_calls', 'content', 'arguments'];

/**
 * The edits a parsed JSON value holds, looking through arrays and tool-call envelopes. Iterative (an explicit
 * stack, in document order): JSON.parse accepts any depth, and 20,000 nested arrays must not overflow ours.
 */
function editsIn(value: unknown, line: number): FileEdit[] {
  const edits: FileEdit[] = [];
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (Array.isArray(next)) {
      pushInDocumentOrder(pending, next);
      continue;
    }
    if (!isObject(next)) continue;
    const found = editObject(next, line);
    if (found) {
      pushAll(edits, found);
      continue;
    }
    // Whatever the envelope keys hold is walked like any value: a string, number or null is passed by when popped.
    pushInDocumentOrder(pending, ENVELOPE_KEYS.map((key) => (key === 'arguments' && typeof next[key] === 'string' ? parseArguments(next[key], line) : next[key])));
  }
  return edits;
}

/** Pushes `values` last first, so that they are popped in document order. */
function pushInDocumentOrder(stack: unknown[], values: unknown[]): void {
  // Stryker disable next-line ArithmeticOperator: equivalent; starting past the end pushes undefined first, which editsIn passes by as no object.
  for (let k = values.length - 1; k >= 0; k--) stack.push(values[k]);
}

function parseArguments(source: string, line: number): unknown {
  if (!EDIT_KEY.test(source)) return undefined;
  try {
    return JSON.parse(source);
  } catch (err) {
    throw new FormatSyntaxError(line, `The "arguments" string of the tool call at line ${line} is not valid JSON: ${(err as Error).message}.`);
  }
}

/** The edits of one tool call's arguments; undefined when the object is not an edit at all. */
function editObject(obj: Json, line: number): FileEdit[] | undefined {
  const path = firstString(obj, ['file_path', 'filePath', 'path'], line);
  const at = `The tool call at line ${line}`;
  if (obj.command === 'view' || obj.command === 'undo_edit') return [];
  if (obj.command === 'insert') throw new FormatSyntaxError(line, `${at} is an "insert" command, which is not supported: send a str_replace with a line of context as old_str.`);
  if (obj.command === 'create' || (typeof obj.file_text === 'string' && !hasOldKey(obj))) {
    return [{ kind: 'create', path: requirePath(path, at, line), content: requireString(obj, 'file_text', at, line), sourceLine: line }];
  }
  if (Array.isArray(obj.edits) && !hasOldKey(obj)) {
    const file = requirePath(path, at, line);
    return obj.edits.map((item, k) => {
      if (!isObject(item) || !hasOldKey(item)) throw new FormatSyntaxError(line, `${at}: edits[${k}] has no old_string.`);
      return replaceEdit(item, file, `${at}: edits[${k}]`, line);
    });
  }
  if (hasOldKey(obj)) return [replaceEdit(obj, path, at, line)];
  // Claude Code's Write: a whole file's content. Only with a path, so any other {"content": …} passes by.
  if (path !== undefined && typeof obj.content === 'string' && Object.keys(obj).length === 2) {
    return [{ kind: 'create', path, content: normalize(obj.content), sourceLine: line }];
  }
  return undefined;
}

function replaceEdit(obj: Json, path: string | undefined, at: string, line: number): FileEdit {
  const oldKey = (['old_string', 'oldString', 'old_str'] as const).find((k) => k in obj)!;
  const oldString = requireString(obj, oldKey, at, line);
  // str_replace_based_edit_tool documents a missing new_str as "replace with nothing".
  const newKey = (['new_string', 'newString', 'new_str'] as const).find((k) => k in obj);
  if (newKey === undefined && oldKey !== 'old_str') throw new FormatSyntaxError(line, `${at} has ${oldKey} but no ${oldKey.replace('old', 'new')}.`);
  const newString = newKey === undefined ? '' : requireString(obj, newKey, at, line);
  const replaceAll = obj.replace_all ?? obj.replaceAll;
  if (replaceAll !== undefined && typeof replaceAll !== 'boolean') throw new FormatSyntaxError(line, `${at}: replace_all must be true or false.`);
  return { kind: 'replace', ...(path !== undefined && { path }), oldString, newString, ...(replaceAll === true && { replaceAll }), sourceLine: line };
}

function hasOldKey(obj: Json): boolean {
  return 'old_string' in obj || 'oldString' in obj || 'old_str' in obj;
}

function firstString(obj: Json, keys: string[], line: number): string | undefined {
  const key = keys.find((k) => obj[k] !== undefined);
  if (key === undefined) return undefined;
  if (typeof obj[key] !== 'string' || obj[key] === '') throw new FormatSyntaxError(line, `The tool call at line ${line}: ${key} must be a non-empty string.`);
  return obj[key];
}

function requirePath(path: string | undefined, at: string, line: number): string {
  if (path === undefined) throw new FormatSyntaxError(line, `${at} names no file: add "file_path".`);
  return path;
}

function requireString(obj: Json, key: string, at: string, line: number): string {
  const value = obj[key];
  if (typeof value !== 'string') throw new FormatSyntaxError(line, `${at}: ${key} must be a string, not ${value === null ? 'null' : typeof value}.`);
  return normalize(value);
}

/** Line endings inside JSON strings ("\r\n" escapes) follow the same rule as everywhere: '\n'. */
function normalize(s: string): string {
  return s.replace(/\r\n?/g, '\n');
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function columnAt(text: string, offset: number): number {
  return offset - text.lastIndexOf('\n', offset - 1);
}
