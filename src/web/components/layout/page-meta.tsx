import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trackPageView } from '../../lib/analytics';

export interface PageMeta {
  /** The whole document title, e.g. 'Sign In — Foliowise'. */
  title: string;
  description: string;
  keywords?: string;
  /** The canonical path; defaults to the current location. */
  path?: string;
  ogType?: string;
  /** For pages that should not be indexed (the 404 page). */
  noIndex?: boolean;
}

export const SITE_NAME = 'Foliowise';

function upsertMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

let lastTrackedPath: string | null = null;

/**
 * Sets the page's title, description, keywords, canonical link and social tags, and reports the page view to
 * analytics once per route change (with the new title, so reports name the page correctly).
 */
export function usePageMeta({
  title,
  description,
  keywords,
  path,
  ogType = 'website',
  noIndex = false,
}: PageMeta) {
  const [location] = useLocation();
  const canonicalPath = path ?? location;

  useEffect(() => {
    const url = `${window.location.origin}${canonicalPath}`;
    document.title = title;
    upsertMeta('name', 'description', description);
    upsertMeta('name', 'keywords', keywords);
    upsertMeta('name', 'robots', noIndex ? 'noindex' : undefined);
    upsertCanonical(url);
    upsertMeta('property', 'og:title', title);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('property', 'og:type', ogType);
    upsertMeta('property', 'og:site_name', SITE_NAME);
    upsertMeta('name', 'twitter:card', 'summary');
    upsertMeta('name', 'twitter:title', title);
    upsertMeta('name', 'twitter:description', description);
  }, [title, description, keywords, canonicalPath, ogType, noIndex]);

  useEffect(() => {
    if (lastTrackedPath === location) return;
    lastTrackedPath = location;
    trackPageView(location, title);
  }, [location, title]);
}

/** Component form of usePageMeta, for pages that prefer JSX. */
export function PageMetaTags(props: PageMeta) {
  usePageMeta(props);
  return null;
}
