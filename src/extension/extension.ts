import * as vscode from 'vscode';

// Placeholder activation: the UX lands in src/extension/* (commands, decorations, hovers, CodeLens).
export function activate(context: vscode.ExtensionContext): void {
  void context;
}

export function deactivate(): void {}
