/**
 * The SSH-key parser for a checkout's VPS choices (D24), loaded only when the request carries a key.
 * domain/ssh-keys parses with sshpk, whose CommonJS modules and crypto (some 190 KB) would run at
 * every cold start of the checkout Lambda if imported statically; imported here with `import()`,
 * esbuild keeps them behind their wrappers until a quote or an order with a key first needs them
 * (docs/decisions.md E29, E34). Most quotes and orders carry none: a hosting or domain plan, or a
 * VPS whose key is added later.
 */
export type SshKeysParser = (texts: readonly string[]) => string[];

const hasKey = (texts: readonly string[]) => texts.some((text) => text.trim() !== '');

/** For choices without a key: what parseSshPublicKeys gives blank lines, nothing. */
const NO_KEYS: SshKeysParser = (texts) => {
  if (hasKey(texts)) throw new Error('SSH keys given to the parser loaded for none');
  return [];
};

/** parseSshPublicKeys, loaded with sshpk only when `texts` holds a key. */
export async function sshKeysParserFor(
  texts: readonly string[] | undefined,
): Promise<SshKeysParser> {
  if (!texts || !hasKey(texts)) return NO_KEYS;
  return (await import('../domain/ssh-keys')).parseSshPublicKeys;
}
