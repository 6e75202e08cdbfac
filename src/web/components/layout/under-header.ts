import { createContext, type ReactNode } from 'react';

/**
 * What the app shows under every page's header, in the page's flow (app.tsx: Demo Settings for a demo account).
 * A context, so that the layout imports no feature; a module of its own, so that the app's entry does not pull
 * in the layout.
 */
export const UnderHeaderContext = createContext<ReactNode>(null);
