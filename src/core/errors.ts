import type { EditErrorCode, FindResult } from './types';

/**
 * Every refusal of the engine. `code` is stable; `message` is written for a person or a model to act on;
 * `result` carries the candidates or the closest place when there are any.
 */
export class EditError extends Error {
  override readonly name = 'EditError';
  constructor(
    readonly code: EditErrorCode,
    message: string,
    readonly result?: FindResult,
  ) {
    super(message);
  }
}

export function isEditError(err: unknown): err is EditError {
  return err instanceof Error && (err as { name?: string }).name === 'EditError' && typeof (err as EditError).code === 'string';
}
