import { createContext, useContext, useEffect } from 'react';
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

/** A page's meta with its defaults applied and its canonical path resolved. */
export interface ResolvedPageMeta {
  title: string;
  description: string;
  keywords: string | undefined;
  path: string;
  ogType: string;
  noIndex: boolean;
}

export type MetaTag = readonly [attribute: 'name' | 'property', key: string, content: string | undefined];

/**
 * The <meta> tags of a page, given its absolute URL; a tag whose content is undefined is absent. The browser
 * writes them into the live document, the build into each prerendered page's HTML, so both say the same.
 */
export function pageMetaTags(meta: ResolvedPageMeta, url: string): MetaTag[] {
  return [
    ['name', 'description', meta.description],
    ['name', 'keywords', meta.keywords],
    ['name', 'robots', meta.noIndex ? 'noindex' : undefined],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', url],
    ['property', 'og:type', meta.ogType],
    ['property', 'og:site_name', SITE_NAME],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
}

/**
 * Set only while the build prerenders a page: receives the page's meta during render, because effects (where
 * the browser applies it) do not run there.
 */
const PageMetaSinkContext = createContext<((meta: ResolvedPageMeta) => void) | null>(null);
export const PageMetaSink = PageMetaSinkContext.Provider;

function upsertMeta([attribute, key, content]: MetaTag) {
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
  useContext(PageMetaSinkContext)?.({
    title,
    description,
    keywords,
    path: canonicalPath,
    ogType,
    noIndex,
  });

  useEffect(() => {
    const url = `${window.location.origin}${canonicalPath}`;
    document.title = title;
    const meta = { title, description, keywords, path: canonicalPath, ogType, noIndex };
    for (const tag of pageMetaTags(meta, url)) upsertMeta(tag);
    upsertCanonical(url);
  }, [title, description, keywords, canonicalPath, ogType, noIndex]);

  useEffect(() => {
    if (lastTrackedPath === location) return;
    lastTrackedPath = location;
    trackPageView(location, title);
  }, [location, title]);
}
