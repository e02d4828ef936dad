/**
 * The entry: the stylesheet (which the prerender inlines into each page) and, once the prerendered
 * page is on screen, the app (app-start.tsx), which hydrates it. Loading the app's code after the
 * first contentful paint keeps it off the critical path of the page's largest paint (the hero's
 * text, painted with the first); what a visitor types meanwhile survives hydration
 * (lib/keep-typed-input.ts).
 */
import './styles.css';

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./app-start');
  // While the app's code downloads, in a task of its own: the first Intl.NumberFormat in a page
  // loads ICU's number data (some 20 ms, 80 on a throttled phone), which would otherwise land in
  // the app's start-up task, where every price (formatInr) is first formatted. Later formatters
  // find it loaded.
  setTimeout(() => {
    try {
      new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(0);
    } catch {
      // No Intl: the app formats (or fails) exactly as it would have without this.
    }
  }, 0);
}

/**
 * Runs `then` once the first contentful paint has been presented. The paint entry is delivered
 * after the frame reaches the screen, whereas a requestAnimationFrame callback runs before its
 * frame paints, so the app's requests could begin before the paint they were meant to follow.
 */
function afterFirstPaint(then: () => void) {
  const types =
    typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : [];
  if (!types?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then, 0)));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(then, 0);
  });
  observer.observe({ type: 'paint', buffered: true });
  // A page that never paints content (it cannot happen with prerendered HTML) still starts.
  setTimeout(then, 3000);
}

function afterLoad() {
  afterFirstPaint(start);
}
// A hidden tab paints nothing: start at once there, and as soon as a tab is hidden.
if (document.visibilityState === 'hidden') start();
else {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
