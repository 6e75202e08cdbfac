// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollToHash } from './use-scroll-to-hash';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function Compliance() {
  useScrollToHash();
  return (
    <main>
      <section id="terms-of-use">Terms</section>
      <section id="anti-money laundering">AML</section>
      <button id="contact" type="button" tabIndex={0}>
        Contact
      </button>
    </main>
  );
}

describe('useScrollToHash', () => {
  it('scrolls to the section the #fragment names (decoded) and moves focus there', () => {
    const scrolled: string[] = [];
    vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(function (this: HTMLElement) {
      scrolled.push(this.id);
    });
    window.history.replaceState(null, '', '/compliance#anti-money%20laundering');
    render(<Compliance />);
    const target = document.getElementById('anti-money laundering')!;
    expect(scrolled).toEqual(['anti-money laundering']);
    expect(document.activeElement).toBe(target);
    expect(target.getAttribute('tabindex')).toBe('-1');
  });

  it('keeps an element’s own tab order, and does nothing without a fragment or a target', () => {
    const scroll = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/compliance#contact');
    render(<Compliance />);
    expect(document.getElementById('contact')!.getAttribute('tabindex')).toBe('0');
    cleanup();

    for (const path of ['/compliance', '/compliance#nowhere']) {
      window.history.replaceState(null, '', path);
      render(<Compliance />);
      cleanup();
    }
    expect(scroll).toHaveBeenCalledTimes(1);
  });
});
