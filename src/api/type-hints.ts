/** Wrong-type messages that say how to fix the usual cause. */

/**
 * `must be a string`, and how to fix the usual cause: YAML reads `gpu: 1` or `version: 1.10` as a
 * number (or `on` as a boolean, in YAML 1.1 readers), where the field wants the text.
 */
export function mustBeStringMessage(value: unknown): string {
  const scalar = typeof value === 'number' || typeof value === 'boolean';
  return `must be a string${scalar ? ` (quote it: ${JSON.stringify(String(value))})` : ''}`;
}
