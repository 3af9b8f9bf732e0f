// What `fuzzy-edit apply` prints: one line per edit (file, tier, score, lines, or the reason it was refused),
// diffs in a dry run, a summary; or the same as one JSON object.
import { FILE_HEADERS_ONLY, formatPatch } from 'diff';
import { boundedPatch, type EditOutcome, type SpanEdit } from '../core';
import type { RequestEdit } from './request';
import type { FileOutcome, FileStatus } from './writeFiles';
import { minOf } from '../core/arrays';

export interface ApplyReport {
  dryRun: boolean;
  request: RequestEdit[];
  outcomes: EditOutcome[];
  files: FileOutcome[];
}

type EditStatus = 'applied' | 'would-apply' | 'held-back' | 'refused' | 'failed';

interface EditReport {
  number: number;
  source: string;
  kind: string;
  path: string;
  to?: string;
  status: EditStatus;
  tier?: string;
  score?: number;
  /** 1-based, inclusive. */
  lines?: { start: number; end: number };
  places?: number;
  needsReview?: boolean;
  code?: string;
  message?: string;
  /** Why the match would wait for review in the editor (an interpretation the merge made, a discrepancy). */
  review?: string[];
  /** What the edit writes (or would write): a unified diff of the file's lines. */
  diff?: string;
}

export function reportJson(report: ApplyReport): string {
  const edits = editReports(report);
  const files = report.files.map((outcome) => ({
    path: outcome.file.path,
    status: outcome.status,
    ...(outcome.file.renamedTo !== undefined && { to: outcome.file.renamedTo }),
    ...(outcome.error !== undefined && { error: outcome.error }),
    ...(report.dryRun && isChange(outcome.status) && { diff: fileDiff(outcome) }),
  }));
  return JSON.stringify({ ok: edits.every((e) => e.status === 'applied' || e.status === 'would-apply'), dryRun: report.dryRun, edits, files }, null, 2) + '\n';
}

export function reportText(report: ApplyReport): string {
  const edits = editReports(report);
  const out = edits.map(editLine);
  if (report.dryRun) for (const f of report.files) if (isChange(f.status)) out.push('', fileDiff(f).trimEnd());
  for (const f of report.files) if (f.status === 'failed') out.push(`could not write ${f.file.path}: ${f.error}`);
  out.push('', summary(report, edits));
  return out.join('\n') + '\n';
}

function editReports({ dryRun, request, outcomes, files }: ApplyReport): EditReport[] {
  const statusOf = new Map(files.map((f) => [f.file.path, f.status]));
  return outcomes.map((outcome, i) => {
    const { edit } = outcome;
    const base = { number: i + 1, source: request[i].source, kind: edit.kind, path: edit.path!, ...(edit.kind === 'rename' && { to: edit.to }) };
    if (outcome.status === 'refused') return { ...base, status: 'refused', code: outcome.code, message: outcome.message };
    const fileStatus = statusOf.get(outcome.path);
    const status: EditStatus = fileStatus === 'held-back' ? 'held-back' : fileStatus === 'failed' ? 'failed' : dryRun ? 'would-apply' : 'applied';
    const written = status === 'applied' || status === 'would-apply' ? outcome.diff : undefined;
    return { ...base, status, ...(outcome.spans.length > 0 && spanFacts(outcome.spans)), ...(written && { diff: written }) };
  });
}

function spanFacts(spans: SpanEdit[]): Pick<EditReport, 'tier' | 'score' | 'lines' | 'places' | 'needsReview' | 'review'> {
  const matches = spans.map((s) => s.match);
  return {
    tier: matches[0].tier,
    score: minOf(matches.map((m) => m.score)),
    lines: { start: matches[0].startLine + 1, end: matches[matches.length - 1].endLine + 1 },
    ...(spans.length > 1 && { places: spans.length }),
    ...(matches.some((m) => m.needsReview) && { needsReview: true }),
    ...(matches.some((m) => m.review?.length) && { review: matches.flatMap((m) => m.review ?? []) }),
  };
}

const VERB: Record<EditStatus, string> = {
  applied: 'applied',
  'would-apply': 'would apply',
  'held-back': 'held back',
  refused: 'refused',
  failed: 'failed',
};

function editLine(e: EditReport): string {
  const head = `#${e.number} ${VERB[e.status]}`;
  if (e.status === 'refused') return `${head}  ${e.path}  ${e.code}: ${e.message}`;
  const target = e.kind === 'rename' ? `${e.path} -> ${e.to}` : e.path;
  const facts: string[] = [e.kind === 'replace' ? '' : e.kind];
  if (e.lines) {
    const range = e.lines.start === e.lines.end ? `line ${e.lines.start}` : `lines ${e.lines.start}-${e.lines.end}`;
    facts.push(`${e.places ? `${e.places} places, ` : ''}${range}`, e.tier!, `score ${e.score!.toFixed(2)}`);
  }
  if (e.needsReview) facts.push('approximate: check the result');
  if (e.status === 'held-back') facts.push(`not written: another edit to ${e.path} was refused`);
  if (e.status === 'failed') facts.push(`${e.path} could not be written`);
  return [head, target, ...facts.filter(Boolean)].join('  ') + reviewLines(e.review);
}

/**
 * The reasons an edit would wait for review in the editor, one indented line each (none: ''): the command line
 * writes without a review step, so the person reading its output is told what to check (a line moved a level, a
 * line deleted that the snippet left out), not only that the match was approximate.
 */
export function reviewLines(review: readonly string[] | undefined): string {
  return (review ?? []).map((r) => `\n    review: ${r}`).join('');
}

function summary({ dryRun, files }: ApplyReport, edits: EditReport[]): string {
  const count = (status: EditStatus) => edits.filter((e) => e.status === status).length;
  const changed = files.filter((f) => isChange(f.status)).length;
  const parts = [`${count(dryRun ? 'would-apply' : 'applied')} of ${edits.length} edit${edits.length === 1 ? '' : 's'} ${dryRun ? 'would apply' : 'applied'}`];
  if (count('refused')) parts.push(`${count('refused')} refused`);
  if (count('held-back')) parts.push(`${count('held-back')} held back with them`);
  if (count('failed')) parts.push(`${count('failed')} not written (write failed)`);
  const fileCount = `${changed} file${changed === 1 ? '' : 's'} ${dryRun ? 'would change; dry run, nothing was written' : 'changed'}`;
  return `${parts.join(', ')}; ${fileCount}.`;
}

function isChange(status: FileStatus): boolean {
  return status === 'written' || status === 'created' || status === 'deleted' || status === 'renamed';
}

function fileDiff({ file }: FileOutcome): string {
  const oldName = file.before === undefined ? '/dev/null' : `a/${file.path}`;
  const newName = file.after === undefined ? '/dev/null' : `b/${file.renamedTo ?? file.path}`;
  return formatPatch(boundedPatch(oldName, newName, file.before ?? '', file.after ?? ''), FILE_HEADERS_ONLY);
}
