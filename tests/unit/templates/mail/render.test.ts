/**
 * Renders every mail once from its sample and saves the HTML (and its text) under
 * tests/unit/templates/out/ for a person to look at: open the .html in a browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from './samples';

const out = fileURLToPath(new URL('../out/', import.meta.url));

describe('every mail, rendered for a person to look at', () => {
  mkdirSync(out, { recursive: true });
  it.each(Object.keys(SAMPLES))('%s', (name) => {
    const mail = SAMPLES[name]!();

    writeFileSync(`${out}${name}.html`, mail.html);
    writeFileSync(`${out}${name}.txt`, `Subject: ${mail.subject}\n\n${mail.text}`);

    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.text.length).toBeGreaterThan(100);
  });
});
