/**
 * A ProjectionExpression for attribute paths (`name` or `map.name`): DynamoDB then reads, and
 * sends, only those. Every name goes behind a placeholder, as many (`name`, `domain`, `status`)
 * are reserved words.
 */
export function projection(paths: readonly string[]): {
  ProjectionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
} {
  const names: Record<string, string> = {};
  const expression = paths
    .map((path) =>
      path
        .split('.')
        .map((name) => {
          names[`#${name}`] = name;
          return `#${name}`;
        })
        .join('.'),
    )
    .join(', ');
  return { ProjectionExpression: expression, ExpressionAttributeNames: names };
}
