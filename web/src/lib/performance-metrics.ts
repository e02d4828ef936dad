/**
 * The performance-metrics reporter started on load: records the page's Core Web Vitals
 * (LCP, CLS, INP as the slowest interaction, FCP, TTFB) with the browser's own PerformanceObserver
 * and reports each final value once, when the page is hidden. Loaded after the page has loaded,
 * so it costs the first paint nothing.
 */
export interface Metric {
  name: 'LCP' | 'CLS' | 'INP' | 'FCP' | 'TTFB';
  value: number;
}

export type Report = (metric: Metric) => void;

const defaultReport: Report = (metric) => {
  if (import.meta.env.DEV)
    console.debug(`[metrics] ${metric.name}`, Math.round(metric.value * 1000) / 1000);
};

function observe(type: string, callback: (entries: PerformanceEntryList) => void): void {
  try {
    new PerformanceObserver((list) => callback(list.getEntries())).observe({
      type,
      buffered: true,
    });
  } catch {
    // This browser does not know this entry type.
  }
}

export function startPerformanceReporter(report: Report = defaultReport): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const values = new Map<Metric['name'], number>();
  const navigation = performance.getEntriesByType('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (navigation) values.set('TTFB', navigation.responseStart);
  observe('paint', (entries) => {
    const fcp = entries.find((e) => e.name === 'first-contentful-paint');
    if (fcp) values.set('FCP', fcp.startTime);
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries.at(-1);
    if (last) values.set('LCP', last.startTime);
  });
  observe('layout-shift', (entries) => {
    for (const entry of entries as Array<
      PerformanceEntry & { value?: number; hadRecentInput?: boolean }
    >) {
      if (!entry.hadRecentInput) values.set('CLS', (values.get('CLS') ?? 0) + (entry.value ?? 0));
    }
  });
  observe('event', (entries) => {
    for (const entry of entries)
      values.set('INP', Math.max(values.get('INP') ?? 0, entry.duration));
  });
  let reported = false;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden' || reported) return;
    reported = true;
    for (const [name, value] of values) report({ name, value });
  });
}
