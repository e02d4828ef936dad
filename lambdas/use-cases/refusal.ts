import { DomainError } from '../domain/errors';

/**
 * The one way to declare a use case's refusal: `export class X extends refusal('X', code, message) {}`.
 * The name is spelled out because the minified bundle renames classes; the code is the API's
 * (http/error-response.ts maps it to a status); the message is a fixed sentence, or one made
 * from the constructor's arguments.
 */
export function refusal<const Code extends string, Args extends unknown[] = []>(
  name: string,
  code: Code,
  message: string | ((...args: Args) => string),
) {
  return class extends DomainError {
    override readonly name = name;
    readonly code = code;
    constructor(...args: Args) {
      super(typeof message === 'string' ? message : message(...args));
    }
  };
}
