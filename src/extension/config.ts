// The `fuzzyEdit.*` settings, read per resource, turned into the engine's options.
import * as vscode from 'vscode';
import { TIER_NAMES, type ApplyOptions, type TierKind, type TierName } from '../core';

export type AutoApply = 'never' | 'exact' | 'normalized';

export interface Settings {
  autoApply: AutoApply;
  reindent: boolean;
  similarityThreshold: number;
  disabledTiers: TierName[];
}

export function readSettings(scope?: vscode.Uri): Settings {
  const c = vscode.workspace.getConfiguration('fuzzyEdit', scope);
  const autoApply = c.get<string>('autoApply', 'normalized');
  const threshold = Number(c.get<number>('similarityThreshold', 0.85));
  const disabled = c.get<unknown>('disabledTiers', []);
  return {
    autoApply: isAutoApply(autoApply) ? autoApply : 'normalized',
    reindent: c.get<boolean>('reindent', true) !== false,
    similarityThreshold: Number.isFinite(threshold) ? Math.min(1, Math.max(0.5, threshold)) : 0.85,
    disabledTiers: Array.isArray(disabled) ? disabled.filter((t): t is TierName => (TIER_NAMES as readonly string[]).includes(t)) : [],
  };
}

export function isAutoApply(v: unknown): v is AutoApply {
  return v === 'never' || v === 'exact' || v === 'normalized';
}

export function engineOptions(s: Settings): ApplyOptions {
  const options: ApplyOptions = { reindent: s.reindent, threshold: s.similarityThreshold };
  if (s.disabledTiers.length > 0) options.tiers = Object.fromEntries(s.disabledTiers.map((t) => [t, false])) as Partial<Record<TierName, boolean>>;
  return options;
}

/** Whether an edit of this kind applies at once under the policy. Similarity never does. */
export function appliesAtOnce(kind: TierKind, policy: AutoApply): boolean {
  if (kind === 'similarity' || policy === 'never') return false;
  return policy === 'normalized' || kind === 'exact';
}
