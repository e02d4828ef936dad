import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { MemoryRouter, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { App } from '../../../web/src/app/app';
import { AuthProvider } from '../../../web/src/app/auth';
import { AlertProvider } from '../../../web/src/components/alert-dialog';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

/** The current location of the app under test (path and query). */
export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The whole app at `path`, as a visitor would open it. */
export function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** One component with the app's providers, at `path`. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <AlertProvider>{ui}</AlertProvider>
      </AuthProvider>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/**
 * The signed-in dashboard on screen: its welcome line, then the open tab's cards, which render
 * after it in a transition (the tab panel is busy meanwhile).
 */
export async function dashboardShown(): Promise<void> {
  await screen.findByRole('heading', { level: 1, name: /Welcome back/ });
  await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false'));
}
