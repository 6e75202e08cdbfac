import { useEffect } from 'react';

/**
 * After the page renders, scrolls to the element named by the URL's #fragment (e.g. /compliance#aml), which a
 * client-side navigation does not do by itself; the route change has already scrolled to the top.
 */
export function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // Move focus for keyboard and screen reader users without scrolling again.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, []);
}
