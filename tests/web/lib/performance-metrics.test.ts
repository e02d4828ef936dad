import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPerformanceReporter } from '../../../web/src/lib/performance-metrics';

type Callback = (list: { getEntries(): PerformanceEntry[] }) => void;

const observers: Array<{ type: string; callback: Callback }> = [];

class FakeObserver {
  constructor(private readonly callback: Callback) {}
  observe({ type }: { type: string }) {
    observers.push({ type, callback: this.callback });
  }
}

function emit(type: string, entries: object[]) {
  for (const o of observers.filter((x) => x.type === type)) {
    o.callback({ getEntries: () => entries as PerformanceEntry[] });
  }
}

function hidePage() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  vi.unstubAllGlobals();
  observers.length = 0;
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('the performance-metrics reporter', () => {
  it('reports the final LCP, CLS (ignoring shifts after input) and FCP once, when the page is hidden', () => {
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const report = vi.fn();
    startPerformanceReporter(report);
    emit('paint', [{ name: 'first-contentful-paint', startTime: 420 }]);
    emit('largest-contentful-paint', [{ startTime: 600 }, { startTime: 750 }]);
    emit('layout-shift', [
      { value: 0.01, hadRecentInput: false },
      { value: 0.5, hadRecentInput: true },
      { value: 0.02, hadRecentInput: false },
    ]);
    expect(report).not.toHaveBeenCalled();
    hidePage();
    hidePage();
    const reported = Object.fromEntries(report.mock.calls.map(([m]) => [m.name, m.value]));
    expect(reported.FCP).toBe(420);
    expect(reported.LCP).toBe(750);
    expect(reported.CLS).toBeCloseTo(0.03);
    expect(report.mock.calls.filter(([m]) => m.name === 'LCP')).toHaveLength(1);
  });
});
