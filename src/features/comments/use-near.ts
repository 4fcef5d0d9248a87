import { useEffect, useRef, useState, type RefObject } from 'react';

/** How far beyond the screen an element counts as near: a screen's height above and below. */
const NEAR_MARGIN = '100% 0px';

/**
 * Whether the element behind the returned ref has come near the screen (IntersectionObserver); once near,
 * it stays near. `now`: near from the start (nothing to wait for).
 */
export function useNear<Element extends HTMLElement>(now: boolean): [RefObject<Element | null>, boolean] {
  const ref = useRef<Element>(null);
  const [near, setNear] = useState(now);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}
