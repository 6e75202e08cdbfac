import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button';

interface State {
  error: Error | null;
}

/**
 * Catches a page that fails to render or to load its code (e.g. a stale chunk after a deploy) and offers a reload,
 * instead of a blank screen. app.tsx keys it by location so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
      >
        <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="text-muted-foreground">This page could not be loaded. Reloading usually fixes it.</p>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button asChild variant="outline">
            <a href="/">Go to home</a>
          </Button>
        </div>
      </div>
    );
  }
}
