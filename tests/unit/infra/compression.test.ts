/**
 * The local stack's one compression (infra/local/compression.ts), as CloudFront compresses: text
 * of 1,000 bytes or more, brotli first, then gzip, nothing else.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from '../../../infra/local/compression';

const text = Buffer.from(JSON.stringify({ plans: 'x'.repeat(2000) }));

describe('compression', () => {
  it('prefers brotli, then gzip, and says so', () => {
    const br = compress('gzip, deflate, br', 'application/json', text);
    expect(br.headers).toEqual({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(brotliDecompressSync(br.body)).toEqual(text);
    const gzip = compress('gzip', 'text/html; charset=utf-8', text);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(text);
  });

  it('leaves small answers, images and browsers that accept neither alone', () => {
    expect(compress('br', 'application/json', Buffer.from('{"ok":true}')).headers).toEqual({
      vary: 'accept-encoding',
    });
    expect(compress('br', 'image/png', text)).toEqual({ body: text, headers: {} });
    expect(compress(undefined, 'text/css', text).body).toBe(text);
  });

  it('compresses a file once when given somewhere to keep the result', () => {
    const memo = {};
    const first = compress('br', 'text/javascript', text, memo);
    expect(compress('br', 'text/javascript', text, memo).body).toBe(first.body);
  });
});
