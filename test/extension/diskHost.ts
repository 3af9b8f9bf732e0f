// What only the Node host can do to the disk for the tests (symbolic links). The web-worker host has no file
// system of its own: none here. esbuild.js builds the Node suite with diskHost.node.ts instead.
export interface DiskHost {
  /** Creates a symbolic link at `link` pointing to `target` (absolute paths). */
  symlink(target: string, link: string): void;
}

export const diskHost: DiskHost | undefined = undefined;
