// The Node host's diskHost (see diskHost.ts).
import * as fs from 'node:fs';
import type { DiskHost } from './diskHost';

export const diskHost: DiskHost | undefined = {
  symlink(target, link) {
    fs.symlinkSync(target, link);
  },
};
