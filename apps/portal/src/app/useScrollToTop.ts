import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_DURATION_MS, SCROLL_OFFSET_PX } from '@/shared/config';

/** The element every layout puts at the top of its content (spec 2.2: the top-of-content anchor). */
export const TOP_ANCHOR_ID = 'top-of-content';

/**
 * Spec 2.2: after each navigation the page scrolls to the top-of-content anchor, in 250 ms, 100 px above it.
 * Only ever upwards: a page opened at the top stays where it is. Users who ask for less motion get a jump.
 */
export function useScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const anchor = document.getElementById(TOP_ANCHOR_ID);
    const anchorTop = anchor ? anchor.getBoundingClientRect().top + window.scrollY : 0;
    const target = Math.max(0, anchorTop + SCROLL_OFFSET_PX);
    const start = window.scrollY;
    if (start <= target) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduce || typeof requestAnimationFrame !== 'function') {
      window.scrollTo(0, target);
      return;
    }
    let frame = 0;
    const began = performance.now();
    const step = (t: number) => {
      const p = Math.min(1, (t - began) / SCROLL_DURATION_MS);
      const eased = 1 - (1 - p) ** 3;
      window.scrollTo(0, start + (target - start) * eased);
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [pathname, search]);
}
