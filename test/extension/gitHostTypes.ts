// What gitHost(.node).ts offers the history tests.
export interface TempRepo {
  /** Absolute path of the work tree. */
  dir: string;
  /** Runs git in the work tree; returns stdout (trimmed). */
  git(...args: string[]): string;
  /** Absolute path of a file of the work tree. */
  path(rel: string): string;
  read(rel: string): string;
  write(rel: string, text: string): void;
  /** sha-1 of the bytes of .git/index: any write to the user's index changes it. */
  indexDigest(): string;
  remove(): void;
}

export interface GitHost {
  /** A new repository holding `files` (committed), in a fresh folder under `parent` (default: the temp folder). */
  tempRepo(files: Record<string, string>, parent?: string): TempRepo;
}
