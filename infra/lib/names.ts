/** `sendWelcomeEmail` → `SendWelcomeEmail`: construct ids from the definitions' ids. */
export function toPascalCase(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}
