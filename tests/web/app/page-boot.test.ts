import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_BOOT_DATA_ID,
  PAGE_BOOT_SCRIPT,
  PRELOADS_PER_TASK,
} from '../../../web/scripts/page-boot';

const preloaded = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the page's boot script", () => {
  it('inserts its modulepreload links a few per task, the first few with the entry, none lost', () => {
    const preload = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const entry = '/assets/index-1.js';
    document.body.innerHTML = `<script type="application/json" id="${PAGE_BOOT_DATA_ID}">${JSON.stringify(
      { entry, preload },
    )}</script>`;
    // A hidden tab paints nothing, so the boot starts at once.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.useFakeTimers();

    // The script as the page runs it, its import() of the entry seen by the test.
    const imported: string[] = [];
    expect(PAGE_BOOT_SCRIPT).toContain('import(boot.entry)');
    new Function(
      'importEntry',
      PAGE_BOOT_SCRIPT.replace('import(boot.entry)', 'importEntry(boot.entry)'),
    )((href: string) => imported.push(href));
    // The entry, and only the first group in the task that started it: not all ten in one long
    // task.
    expect(imported).toEqual([entry]);
    expect(preloaded()).toEqual(preload.slice(0, PRELOADS_PER_TASK));
    vi.advanceTimersToNextTimer();
    expect(preloaded()).toEqual(preload.slice(0, 2 * PRELOADS_PER_TASK));
    vi.runAllTimers();
    // Every one of them, in the order the prerender listed them, each once.
    expect(preloaded()).toEqual(preload);
  });
});
