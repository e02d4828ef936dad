/**
 * Every prerendered page's one inline script: it starts the app (the build's entry,
 * src/app-start.tsx) once the page's first contentful paint is on screen, and not before.
 *
 * Why inline: a page whose HTML names a script makes the browser fetch it while it parses, in
 * the same moments as the first paint, even when the script only waits for that paint; on a
 * throttled phone that fetch and its evaluation sit on the critical path of the largest paint.
 * Inline, no request leaves before the page has painted, and then the entry and its static
 * imports are all asked for at once (modulepreload), as the build's own HTML would have.
 *
 * The script's text never changes between builds: what to load comes from a JSON data block
 * (never executed) that the prerender writes beside it. So its hash is a constant of this code,
 * and the Content-Security-Policy allows exactly it (infra/lib/definitions/security-headers.ts);
 * no page gets 'unsafe-inline'.
 */
import { createHash } from 'node:crypto';

/** The id of the JSON data block: `{ entry: string, preload: string[] }`. */
export const PAGE_BOOT_DATA_ID = 'page-boot';

export interface PageBootData {
  /** The build's entry module. */
  entry: string;
  /** Its static imports, fetched alongside it. */
  preload: string[];
}

/**
 * How many modulepreload links the boot inserts in one task. The browser starts each one's request
 * as it is inserted, a few ms of main thread each at a phone's speed (19 links took 67-147 ms in a
 * 4x-throttled trace of /dashboard): all at once they were one long task right after the first
 * paint. The first group (the entry's own imports, listed first) goes with the entry; the rest
 * follow, a group per task.
 */
export const PRELOADS_PER_TASK = 4;

/**
 * Plain ES2017 for every browser the site supports. A hidden tab paints nothing, so it starts at
 * once there; a browser without paint timing starts two frames after load.
 */
export const PAGE_BOOT_SCRIPT = `(function () {
  var block = document.getElementById(${JSON.stringify(PAGE_BOOT_DATA_ID)});
  if (!block) return;
  var boot = JSON.parse(block.textContent);
  var started = false;
  function preload(hrefs) {
    hrefs.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  function start() {
    if (started) return;
    started = true;
    var rest = boot.preload.slice();
    preload(rest.splice(0, ${PRELOADS_PER_TASK}));
    import(boot.entry);
    function more() {
      if (rest.length === 0) return;
      preload(rest.splice(0, ${PRELOADS_PER_TASK}));
      setTimeout(more, 0);
    }
    setTimeout(more, 0);
  }
  function afterFirstPaint() {
    var types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
    if (!types || types.indexOf('paint') === -1) {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () { setTimeout(start, 0); });
      });
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
})();`;

/** The CSP source that allows the script, and nothing else inline. */
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/** The data block and the script, as they end a page's body. */
export function pageBootHtml(data: PageBootData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return (
    `<script type="application/json" id="${PAGE_BOOT_DATA_ID}">${json}</script>` +
    `<script>${PAGE_BOOT_SCRIPT}</script>`
  );
}
