// What a request derives from a document's whole text, once per version of that document: a request of 200 edits
// to one large document read its text (3.5 MB at 100,000 lines) once per edit in several places.
import type * as vscode from 'vscode';

/** `make(doc)`, made once per document and version, then given again while the document stays unchanged. */
export function oncePerVersion<T>(make: (doc: vscode.TextDocument) => T): (doc: vscode.TextDocument) => T {
  const made = new Map<vscode.TextDocument, { version: number; value: T }>();
  return (doc) => {
    let m = made.get(doc);
    if (!m || m.version !== doc.version) made.set(doc, (m = { version: doc.version, value: make(doc) }));
    return m.value;
  };
}
