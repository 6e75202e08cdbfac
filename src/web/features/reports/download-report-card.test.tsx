// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '../../../contracts/accounts';
import { renderAt } from '../../testing/render-page';
import { SIGNED_OUT, stubApi, testUser, type StubReply } from '../../testing/stub-api';
import { DownloadReportCard } from './download-report-card';
import { reportLogoUrl } from './report-logo';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signedIn = (plan: Plan): StubReply => ({ status: 200, body: { user: testUser({ plan }) } });

/**
 * The API as stubApi answers it, with the report endpoint answering `report` (a Response: a PDF is no JSON).
 * Returns the report paths asked for and the downloads the page started (file name, blob URL).
 */
function stubReport(session: StubReply, report: () => Response) {
  const api = stubApi({ 'GET /api/auth/me': session });
  const answerJson = globalThis.fetch;
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string, init?: RequestInit) => {
    if (!path.startsWith('/api/reports/')) return answerJson(path, init);
    asked.push(path);
    return report();
  });
  const downloads: { name: string; href: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, href: this.href });
  });
  return { api, asked, downloads };
}

const pdf = (fileName: string) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
const download = () => screen.getByRole('button', { name: 'Download PDF report' });

describe('the analyzer’s report card', () => {
  it('downloads the open client’s report under the server’s file name', async () => {
    const { asked, downloads } = stubReport(signedIn('professional'), () => pdf('acme-ada-2026-04-09.pdf'));
    renderAt('/app', <DownloadReportCard hasSavedHoldings clientId="client 7" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF report' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved acme-ada-2026-04-09.pdf.');
    expect(asked).toEqual(['/api/reports/portfolio.pdf?clientId=client%207']);
    expect(downloads).toHaveLength(1);
    expect(downloads[0]?.name).toBe('acme-ada-2026-04-09.pdf');
    expect(downloads[0]?.href).toMatch(/^blob:/);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('shows the server’s refusal, or a plain failure for a body that is none, instead of saving it as a file', async () => {
    let answer = new Response(
      JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Add holdings to your portfolio first.' } }),
      { status: 404, headers: { 'Content-Type': 'application/json' } },
    );
    const { asked, downloads } = stubReport(signedIn('professional'), () => answer);
    renderAt('/app', <DownloadReportCard hasSavedHoldings clientId={null} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF report' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Add holdings to your portfolio first.');

    answer = new Response('<html>Bad gateway</html>', { status: 502 });
    fireEvent.click(download());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Could not prepare the report. Please try again.'),
    );
    expect(asked).toEqual(['/api/reports/portfolio.pdf', '/api/reports/portfolio.pdf']);
    expect(downloads).toEqual([]);
  });

  it('waits for saved holdings before it offers the download', async () => {
    stubReport(signedIn('professional'), () => pdf('never.pdf'));
    renderAt('/app', <DownloadReportCard hasSavedHoldings={false} clientId={null} />);
    expect(
      await screen.findByText('Add holdings first: the report is of your saved portfolio.'),
    ).toBeTruthy();
    expect(download()).toHaveProperty('disabled', true);
  });

  it('names Professional to other plans, asking nothing, and shows nothing to a visitor', async () => {
    const premium = stubReport(signedIn('premium'), () => pdf('never.pdf'));
    renderAt('/app', <DownloadReportCard hasSavedHoldings clientId={null} />);
    expect((await screen.findByRole('link', { name: 'Upgrade to Professional' })).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(screen.queryByRole('button', { name: 'Download PDF report' })).toBeNull();
    expect(premium.asked).toEqual([]);
    cleanup();

    const visitor = stubReport(SIGNED_OUT, () => pdf('never.pdf'));
    const { container } = renderAt('/app', <DownloadReportCard hasSavedHoldings clientId={null} />);
    await waitFor(() => expect(visitor.api.requests.map(({ route }) => route)).toEqual(['GET /api/auth/me']));
    expect(container.textContent).toBe('');
  });
});

describe('reportLogoUrl', () => {
  it('changes with each upload so the browser shows the new logo', () => {
    expect(reportLogoUrl('2026-04-09T15:00:00.000Z')).toBe(
      '/api/report-branding/logo?v=2026-04-09T15%3A00%3A00.000Z',
    );
  });
});
