import { applyEdit } from '../../src/core';
import { contextAround, type HistoryEdit } from '../../src/core/history';

/** Applies old → new to `content` with the engine and records it the way the extension does. */
export function recordEdit(content: string, oldText: string, newText: string, id = 'e1'): { content: string; edit: HistoryEdit } {
  const r = applyEdit(content, oldText, newText);
  const span = r.edits[0];
  const start = span.start;
  const end = start + span.text.length;
  const lineOf = (o: number) => r.content.slice(0, o).split('\n').length - 1;
  return {
    content: r.content,
    edit: {
      id,
      requestId: 'r1',
      uri: 'file:///x.ts',
      time: 1,
      tier: span.match.tier,
      score: span.match.score,
      oldText: content.slice(span.start, span.end),
      newText: span.text,
      start,
      end,
      startLine: lineOf(start),
      endLine: lineOf(Math.max(start, end - 1)),
      ...contextAround(r.content, start, end),
    },
  };
}
