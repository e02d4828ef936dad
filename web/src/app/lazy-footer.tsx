import { Suspense, use } from 'react';
import type { ComponentType } from 'react';
import { once } from './once';

/**
 * The footer is only content: its code, with the business details and facts it quotes, is a chunk
 * of its own instead of part of the app's start-up code. preloadRoute loads it beside the page's
 * chunk, before hydration, so the footer hydrates with the page and keeps its server HTML.
 */
let Footer: ComponentType | undefined;
/** The frame's lazy modules as the build's manifest names them (the prerender preloads them). */
export const FRAME_MODULES: readonly string[] = ['src/app/footer.tsx'];
export const loadFooter = once(() =>
  import('./footer').then((m) => {
    Footer = m.Footer;
    return m.Footer;
  }),
);

function LoadedFooter() {
  // Loaded (always, once hydrating a prerendered page): rendered as it is. Not through use(),
  // which would return it just the same but, under React's test act(), makes act leave the rest
  // of its work unflushed (the app's tests render through act).
  if (Footer) return <Footer />;
  const Loaded = use(loadFooter());
  return <Loaded />;
}

/** The footer, or nothing while its chunk loads (it sits below a screen-tall main). */
export function LazyFooter() {
  return (
    <Suspense fallback={null}>
      <LoadedFooter />
    </Suspense>
  );
}
