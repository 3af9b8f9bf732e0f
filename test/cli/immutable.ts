// A file whose writes fail, for tests of what a failed write does.
import { spawnSync } from 'node:child_process';

/**
 * Makes `file` immutable (chattr +i: not even root may replace it), so that writing it fails; undefined where
 * that is not possible (not root, another file system): the test is skipped then.
 */
export function immutable(file: string): (() => void) | undefined {
  if (spawnSync('chattr', ['+i', file]).status !== 0) return undefined;
  return () => void spawnSync('chattr', ['-i', file]);
}
