/**
 * Least privilege, checked against the code rather than against the definition the stack reads:
 * each Lambda's handler is loaded alone, and the tables and services its code wires up must be
 * exactly what its definition grants (infra/lib/definitions/functions.ts). A grant the code never
 * uses fails here; so does code that reaches for something it was not granted.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { FUNCTIONS } from '../../infra/lib/definitions/functions';
import { REPO_ROOT } from '../../infra/lib/paths';

describe.each(Object.values(FUNCTIONS))('$id', (definition) => {
  it('wires exactly the tables and services its definition grants', async () => {
    vi.resetModules();
    const { wiring } = await import('../../lambdas/handlers/deps/wiring');
    const handlerModule = (await import(pathToFileURL(join(REPO_ROOT, definition.entry)).href)) as {
      handler?: unknown;
    };

    expect(typeof handlerModule.handler).toBe('function');
    expect([...wiring.tables].sort()).toEqual(Object.keys(definition.tables).sort());
    // DeleteItem only where the code deletes, and wherever it does.
    expect([...wiring.deletes].sort()).toEqual(
      Object.entries(definition.tables)
        .filter(([, access]) => access === 'readWriteDelete')
        .map(([id]) => id)
        .sort(),
    );
    expect([...wiring.needs].sort()).toEqual([...definition.needs].sort());
  });
});
