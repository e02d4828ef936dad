/**
 * A provider's API origin as its adapter may call it (WHM, the registrar, Proxmox VE, object
 * storage): https, or plain http to this machine only (a local stand-in), since each call carries
 * a credential that must never cross a network in clear; no path and no credentials in the URL.
 */
import { ConfigurationError } from '../../config/config';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `text` as a URL, or a ConfigurationError naming the setting (`what`) and what it was given. */
export function urlOf(text: string, what: string, expected = 'a URL', given = text): URL {
  try {
    return new URL(text);
  } catch {
    throw new ConfigurationError(`${what} "${given}" is not ${expected}.`);
  }
}

/**
 * The URL's origin once it is safe to send credentials to. `carries` names what the calls carry
 * ("the API key"); `pathRule` is the sentence for a URL with a path or credentials in it.
 */
export function secureOrigin(
  url: URL,
  what: string,
  options: { carries?: string; pathRule?: string } = {},
): string {
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    const why = options.carries ? ` (it carries ${options.carries})` : '';
    throw new ConfigurationError(
      `${what} must use https${why}; got ${url.protocol}//${url.hostname}.`,
    );
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigurationError(
      `${what} is ${options.pathRule ?? 'the origin only: no path and no credentials.'}`,
    );
  }
  return url.origin;
}
