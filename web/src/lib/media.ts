// Whether the screen matches a media query now, following it as it changes (a phone turned
// sideways, a window resized): for the few parts whose markup, not only their layout, differs
// between a phone and a desktop (the orders list: cards on a phone, a table on a desktop).
import { useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: from here the pages have a side menu and room for a table. */
export const WIDE = '(min-width: 1024px)';

/** Tailwind's `sm` breakpoint: wider than a phone held upright. */
export const SMALL = '(min-width: 640px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}
