// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { sessionQueryKey } from '../../lib/session';
import { DEMO_WELCOME_KEY } from '../../lib/storage';
import { configReply } from '../../testing/render-page';
import { stubApi, testUser } from '../../testing/stub-api';
import { LoginForm } from './login-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADA = testUser();

/** The form at `path`, with the query client it writes the session into. */
function renderLogin(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <Router>
        <LoginForm />
      </Router>
    </QueryClientProvider>,
  );
  return queryClient;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('the login form', () => {
  it('asks for both fields before anything is sent', async () => {
    const api = stubApi({ 'GET /api/config': configReply() });
    renderLogin('/login');
    type('Email', 'ada@example.com');
    signIn();
    expect(await screen.findByText('Email and password are required')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests.filter(({ route }) => route.startsWith('POST'))).toEqual([]);
  });

  it('signs in, holds the user as the session, and goes on to ?next=', async () => {
    const api = stubApi({
      'GET /api/config': configReply(),
      'POST /api/auth/login': { status: 200, body: { user: ADA } },
    });
    const queryClient = renderLogin('/login?next=/paper-trading');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/paper-trading'));
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(ADA);
    const login = api.requests.find(({ route }) => route === 'POST /api/auth/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'correct horse', rememberMe: false });
  });

  it('goes to /app, not to another site, when ?next= leads away', async () => {
    stubApi({
      'GET /api/config': configReply(),
      'POST /api/auth/login': { status: 200, body: { user: ADA } },
    });
    renderLogin('/login?next=//evil.example/phish');
    type('Email', 'ada@example.com');
    type('Password', 'correct horse');
    signIn();
    await waitFor(() => expect(window.location.pathname).toBe('/app'));
  });

  it('shows the server’s refusal and stays', async () => {
    stubApi({
      'GET /api/config': configReply(),
      'POST /api/auth/login': {
        status: 401,
        body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } },
      },
    });
    const queryClient = renderLogin('/login');
    type('Email', 'ada@example.com');
    type('Password', 'wrong');
    signIn();
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(sessionQueryKey)).toBeUndefined();
  });

  it('offers the demo only where demo features are on, and opens it signed in', async () => {
    const demoUser = testUser({ id: 'c0ffee00-0000-4000-8000-000000000001', isDemo: true });
    stubApi({
      'GET /api/config': configReply({ demoFeatures: true }),
      'POST /api/auth/demo': { status: 201, body: { user: demoUser } },
    });
    const queryClient = renderLogin('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Try the demo' }));
    await waitFor(() => expect(window.location.pathname).toBe('/app'));
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(demoUser);
    expect(localStorage.getItem(DEMO_WELCOME_KEY)).toBe(demoUser.id);
  });

  it('has no demo button when demo features are off', async () => {
    const api = stubApi({ 'GET /api/config': configReply({ demoFeatures: false }) });
    renderLogin('/login');
    await waitFor(() => expect(api.requests.map(({ route }) => route)).toContain('GET /api/config'));
    expect(screen.queryByRole('button', { name: 'Try the demo' })).toBeNull();
  });
});
