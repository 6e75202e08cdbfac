import { lazy, Suspense, useState } from 'react';
import { useToast } from './use-toast';

const ToastRegion = lazy(() => import('./toast-region'));

/**
 * Mounted once in app.tsx. Radix Toast (toast-region.tsx) is loaded with the first toast and stays mounted
 * from then on: most visits show none, and the landing page's JavaScript stays without it.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [hasShownToast, setHasShownToast] = useState(false);
  if (toasts.length > 0 && !hasShownToast) setHasShownToast(true);
  if (!hasShownToast && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
