// Tiny assertion helpers for the integration suite: node:assert does not exist in the web-worker
// extension host, and a polyfill would bloat the bundle. Messages show expected and actual as JSON.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

function show(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

export function fail(message: string): never {
  throw new AssertionError(message);
}

export function ok(value: unknown, message?: string): asserts value {
  if (!value) fail(message ?? `expected a truthy value, got ${show(value)}`);
}

export function strictEqual<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) {
    fail(`${message ?? 'strictEqual'}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

export function notStrictEqual(actual: unknown, unexpected: unknown, message?: string): void {
  if (Object.is(actual, unexpected)) fail(`${message ?? 'notStrictEqual'}: did not expect ${show(unexpected)}`);
}

/** Deep equality through JSON (key order matters; undefined properties are dropped, as in JSON). */
export function deepStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) fail(`${message ?? 'deepStrictEqual'}:\n  expected ${e}\n  got      ${a}`);
}

export function match(actual: string, re: RegExp, message?: string): void {
  if (typeof actual !== 'string' || !re.test(actual)) {
    fail(`${message ?? 'match'}: expected ${show(actual)} to match ${re}`);
  }
}

export function doesNotMatch(actual: string, re: RegExp, message?: string): void {
  if (re.test(actual)) fail(`${message ?? 'doesNotMatch'}: expected ${show(actual)} not to match ${re}`);
}

/** What a thrown/rejected error must look like: a RegExp for its message, or a predicate. */
export type ErrorCheck = RegExp | ((err: unknown) => boolean);

function checkError(err: unknown, check: ErrorCheck | undefined, what: string): void {
  if (!check) return;
  if (check instanceof RegExp) {
    const text = err instanceof Error ? err.message : String(err);
    if (!check.test(text)) fail(`${what}: error ${show(text)} does not match ${check}`);
  } else if (!check(err)) {
    fail(`${what}: the error did not pass the check: ${err instanceof Error ? err.message : show(err)}`);
  }
}

export function throws(fn: () => unknown, check?: ErrorCheck, message?: string): void {
  try {
    fn();
  } catch (err) {
    checkError(err, check, message ?? 'throws');
    return;
  }
  fail(`${message ?? 'throws'}: expected the function to throw`);
}

export async function rejects(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), check?: ErrorCheck, message?: string): Promise<void> {
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (err) {
    checkError(err, check, message ?? 'rejects');
    return;
  }
  fail(`${message ?? 'rejects'}: expected a rejection`);
}

export async function doesNotReject(promiseOrFn: Promise<unknown> | (() => Promise<unknown>), message?: string): Promise<void> {
  try {
    await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
  } catch (err) {
    fail(`${message ?? 'doesNotReject'}: rejected with ${err instanceof Error ? err.message : show(err)}`);
  }
}

/** Polls `condition` until it holds (the editor updates asynchronously), or fails after `timeoutMs`. */
export async function waitFor(condition: () => unknown, message: string, timeoutMs = 5000, stepMs = 50): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) fail(`timed out after ${timeoutMs} ms: ${message}`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
