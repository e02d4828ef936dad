/**
 * The entry: the stylesheet (which the prerender inlines into each page) and, once the prerendered
 * page has painted, the app (app-start.tsx), which hydrates it. Loading the app's code after the
 * first paint keeps it off the critical path of the page's largest paint; what a visitor types
 * meanwhile survives hydration (lib/keep-typed-input.ts).
 */
import './styles.css';

let started = false;
function start() {
  if (started) return;
  started = true;
  void import('./app-start');
}

// After the page has loaded and the next frame has painted, so the app's requests start after the
// page's largest paint; a hidden tab paints no frames, so it starts at once.
function afterPaint() {
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
}
if (document.readyState === 'complete') afterPaint();
else window.addEventListener('load', afterPaint, { once: true });
