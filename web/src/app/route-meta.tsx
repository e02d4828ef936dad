import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { routeFor } from './routes';

/**
 * Keeps <title> and the meta description in step with the route on client navigation. The copy
 * loads lazily: the prerendered HTML already carries the first page's.
 */
export function RouteMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    let cancelled = false;
    void import('../content/route-meta').then(({ routeMeta }) => {
      const meta = routeMeta[routeFor(pathname).path] ?? routeMeta['*'];
      if (cancelled || !meta) return;
      document.title = meta.title;
      let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!description) {
        description = document.createElement('meta');
        description.name = 'description';
        document.head.appendChild(description);
      }
      description.content = meta.description;
    });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
  return null;
}
