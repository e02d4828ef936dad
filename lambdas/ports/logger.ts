/** Structured logging as the use cases need it (Powertools' Logger satisfies it). */
export interface LogPort {
  info(message: string, ...extra: Record<string, unknown>[]): void;
  warn(message: string, ...extra: Record<string, unknown>[]): void;
  error(message: string, ...extra: Record<string, unknown>[]): void;
}
