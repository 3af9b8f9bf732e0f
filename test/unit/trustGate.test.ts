// Restricted Mode's gate (src/extension/workspace/trustGate.ts): the host suite cannot switch a workspace to Restricted
// Mode, so the decision is checked here; the extension passes vscode.workspace.isTrusted to it.
import { strict as assert } from 'node:assert';
import { restrictedReason } from '../../src/extension/workspace/trustGate';

describe('Restricted Mode gate', () => {
  it('a trusted workspace allows everything', () => {
    for (const need of ['closed_file', 'file_operation', 'checkpoint'] as const) assert.equal(restrictedReason(true, need), undefined);
  });
  it('an untrusted one refuses files that are not open, file operations and git checkpoints, each saying why', () => {
    assert.match(restrictedReason(false, 'closed_file')!, /Restricted Mode .* only documents that are open/);
    assert.match(restrictedReason(false, 'file_operation')!, /Restricted Mode .* create, delete or move/);
    assert.match(restrictedReason(false, 'checkpoint')!, /Restricted Mode git checkpoints are not taken/);
  });
});
