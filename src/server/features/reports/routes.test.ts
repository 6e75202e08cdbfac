import { Window } from 'happy-dom';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionRequiredMessage } from '../../../contracts/accounts';
import { ZAnalyzeResponse, ZValuationResponse } from '../../../contracts/analysis';
import { CLIENT_MESSAGES } from '../../../contracts/clients';
import {
  FOLIOWISE_REPORT_COLOR,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  REPORT_MESSAGES,
  ZReportBrandingResponse,
} from '../../../contracts/reports';
import { formatMoney, formatPercent, formatNumber } from '../../../domain/analytics/format';
import { formatReportDate, hexToRgb } from '../../../domain/reports/report-layout';
import {
  GIF_40X20,
  JPEG_16,
  PNG_16,
  PNG_BAD_DEFLATE,
  decompressionBombPng,
} from '../../testing/logo-fixtures';
import { reportBranding } from './schema';
import { buildApp } from '../../app';
import { createTestDatabase } from '../../testing/test-database';
import { testConfig } from '../../testing/test-app';
import { createMarketDataService } from '../market-data/service';
import { expectError, injectAs, signUpUser, type TestUser } from '../../testing/users';
import { inspectPdf, normalizedPdfText } from '../../testing/pdf-inspect';
import { pdfInfo, pdfToText, qpdfCheck } from '../../testing/pdf-tools';
import { REPORT_DISCLAIMER } from './report-pdf';

const NOW = new Date('2026-11-24T09:15:00Z');
const PORTFOLIO = { AAPL: 10, MSFT: 4, VTI: 12, BND: 20, 'CRYPTO:BTC': 0.05 };

let t: {
  app: Awaited<ReturnType<typeof buildApp>>;
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  close: () => Promise<void>;
};
beforeAll(async () => {
  // One clock for the simulated prices and the report: the report and the endpoints see the same market.
  const database = await createTestDatabase();
  const config = testConfig();
  const marketData = createMarketDataService({ config, db: database.db, adapters: [], now: () => NOW });
  const app = await buildApp({
    config,
    database,
    version: 'test',
    overrides: { marketData, analysis: { now: () => NOW } },
  });
  await app.ready();
  t = {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
});
afterAll(() => t.close());

async function professional(portfolio: Record<string, number> | null = PORTFOLIO): Promise<TestUser> {
  const user = await signUpUser(t.app, { plan: 'professional' });
  if (portfolio) {
    const saved = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/portfolio',
      payload: { portfolio },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return user;
}

/** The report of a new client `clientName` of a Professional account branded `firmName` (answered 200). */
async function clientReportOf(firmName: string, clientName: string, holdings: Record<string, number>) {
  const user = await professional(null);
  const branded = await injectAs(user, t.app, {
    method: 'PUT',
    url: '/api/report-branding',
    payload: { firmName },
  });
  expect(branded.statusCode, branded.body).toBe(200);
  const client = await injectAs(user, t.app, {
    method: 'POST',
    url: '/api/clients',
    payload: { name: clientName, holdings },
  });
  expect(client.statusCode, client.body).toBe(201);
  const res = await injectAs(user, t.app, {
    method: 'GET',
    url: `/api/reports/portfolio.pdf?clientId=${client.json().client.id}`,
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
}

function uploadLogo(user: TestUser, bytes: Buffer, contentType: string) {
  return injectAs(user, t.app, {
    method: 'PUT',
    url: '/api/report-branding/logo',
    headers: { 'content-type': contentType },
    payload: bytes,
  });
}

/** The PDF operator that sets a fill colour, as pdfkit writes it (each channel 0-1). */
const fillOperator = (hex: string) => `${(hexToRgb(hex) ?? []).map((c) => c / 255).join(' ')} scn`;

/** Text with the spaces of text runs folded away, as pdfkit splits words into runs. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe('plan gating', () => {
  it.each(['free', 'premium'] as const)('answers 403 naming Professional to a %s user', async (plan) => {
    const user = await signUpUser(t.app, { plan });
    for (const [method, url] of [
      ['GET', '/api/reports/portfolio.pdf'],
      ['GET', '/api/report-branding'],
      ['PUT', '/api/report-branding'],
      ['PUT', '/api/report-branding/logo'],
      ['DELETE', '/api/report-branding/logo'],
    ] as const) {
      const res = await injectAs(user, t.app, { method, url, payload: method === 'GET' ? undefined : {} });
      expectError(res, 403, 'SUBSCRIPTION_REQUIRED');
      expect(res.json().error.message).toBe(subscriptionRequiredMessage(['professional']));
      expect(res.json().error.message).toContain('Professional');
    }
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports/portfolio.pdf' });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});

describe('/api/report-branding', () => {
  it('starts empty, saves a firm name and colour (normalised), and clears them with empty values', async () => {
    const user = await professional(null);
    const empty = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(empty.json()).toEqual({ firmName: null, color: null, logo: null, logoProblem: null });

    const saved = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: '  Larchmont & Finch Wealth Partners  ', color: '#0F766E' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZReportBrandingResponse.parse(saved.json())).toEqual({
      firmName: 'Larchmont & Finch Wealth Partners',
      color: '#0f766e',
      logo: null,
      logoProblem: null,
    });

    const cleared = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: '', color: '' },
    });
    expect(cleared.json()).toEqual({ firmName: null, color: null, logo: null, logoProblem: null });
  });

  it('refuses a colour that is not hex and a firm name over 80 characters', async () => {
    const user = await professional(null);
    const badColor = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: 'Acme', color: 'teal' },
    });
    expectError(badColor, 400, 'VALIDATION_ERROR');
    expect(badColor.json().error.message).toBe(REPORT_MESSAGES.colorInvalid);

    const longName = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: 'A'.repeat(81) },
    });
    expectError(longName, 400, 'VALIDATION_ERROR');
    expect(longName.json().error.message).toBe(REPORT_MESSAGES.firmNameTooLong);
  });
});

describe('/api/report-branding/logo', () => {
  it('takes a PNG and a JPEG by their bytes and stores each re-encoded as PNG, serves it back and removes it', async () => {
    const user = await professional(null);
    const png = await uploadLogo(user, PNG_16, 'image/png');
    expect(png.statusCode, png.body).toBe(200);
    expect(ZReportBrandingResponse.parse(png.json())).toMatchObject({
      logo: { type: 'image/png', width: 16, height: 16 },
      logoProblem: null,
    });

    // The declared type is not trusted, and the upload itself is never stored: a JPEG sent as image/png is
    // decoded as the JPEG it is and stored as sharp's PNG of it.
    const jpeg = await uploadLogo(user, JPEG_16, 'image/png');
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().logo).toMatchObject({ type: 'image/png', width: 16, height: 16 });

    const served = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding/logo' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(JPEG_16)).toBe(false);
    expect(served.rawPayload.length).toBe(jpeg.json().logo.bytes);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 16, height: 16 });

    const removed = await injectAs(user, t.app, { method: 'DELETE', url: '/api/report-branding/logo' });
    expect(removed.json().logo).toBeNull();
    const gone = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding/logo' });
    expectError(gone, 404, 'NOT_FOUND');
  });

  it('keeps the transparency of a logo in its PNG', async () => {
    const user = await professional(null);
    const halfTransparent = await sharp({
      create: { width: 40, height: 20, channels: 4, background: { r: 30, g: 77, b: 140, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const res = await uploadLogo(user, halfTransparent, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().logo).toMatchObject({ type: 'image/png', width: 40, height: 20 });
    const served = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding/logo' });
    const { data, info } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(128);
  });

  it('refuses a GIF, a renamed text file, an oversized file and a truncated PNG with clear messages', async () => {
    const user = await professional(null);
    const gif = await uploadLogo(user, GIF_40X20, 'image/gif');
    expectError(gif, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(gif.json().error.message).toBe(LOGO_MESSAGES.unsupportedType);

    const text = await uploadLogo(user, Buffer.from('not an image at all'), 'image/png');
    expectError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const oversized = Buffer.concat([PNG_16, Buffer.alloc(600 * 1024)]);
    const big = await uploadLogo(user, oversized, 'image/png');
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
    expect(big.json().error.message).toBe(LOGO_MESSAGES.tooLarge);

    const truncated = await uploadLogo(user, PNG_16.subarray(0, 40), 'image/png');
    expectError(truncated, 422, 'IMAGE_UNREADABLE');
    expect(truncated.json().error.message).toBe(LOGO_MESSAGES.unreadable);

    const truncatedJpeg = await uploadLogo(user, JPEG_16.subarray(0, JPEG_16.length - 40), 'image/jpeg');
    expectError(truncatedJpeg, 422, 'IMAGE_UNREADABLE');

    const json = await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding/logo',
      payload: { logo: 'data:image/png;base64,AAAA' },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const branding = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(branding.json().logo).toBeNull();
  });

  it('refuses a PNG whose image data is not deflate data (it used to end the server), storing nothing', async () => {
    expect(PNG_BAD_DEFLATE).toHaveLength(155);
    const user = await professional();
    const res = await uploadLogo(user, PNG_BAD_DEFLATE, 'image/png');
    expectError(res, 422, 'IMAGE_UNREADABLE', LOGO_MESSAGES.unreadable);
    expect(res.json().error.fields).toEqual({ logo: LOGO_MESSAGES.unreadable });

    const branding = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(branding.json()).toMatchObject({ logo: null, logoProblem: null });
    // Still serving, and its report is made.
    const report = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(report.statusCode).toBe(200);
  });

  it('refuses a decompression bomb: a 2000 × 2000 PNG of about 400 KB whose data inflates to 400 MB', async () => {
    const bomb = await decompressionBombPng();
    expect(bomb.length).toBeGreaterThan(300 * 1024);
    expect(bomb.length).toBeLessThan(LOGO_MAX_BYTES);
    const user = await professional(null);
    const res = await uploadLogo(user, bomb, 'image/png');
    expectError(res, 422, 'IMAGE_UNREADABLE', LOGO_MESSAGES.unreadable);
    const branding = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(branding.json().logo).toBeNull();
  });

  it('leaves a stored logo that no longer decodes out of the report, and tells the owner why', async () => {
    const user = await professional();
    const saved = await uploadLogo(user, PNG_16, 'image/png');
    expect(saved.statusCode, saved.body).toBe(200);
    // As a logo stored before uploads were decoded, or changed in the database, would be.
    await t.db
      .update(reportBranding)
      .set({ logo: PNG_BAD_DEFLATE, logoType: 'image/png', logoWidth: 16, logoHeight: 16 })
      .where(eq(reportBranding.userId, user.id));

    const branding = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(branding.statusCode).toBe(200);
    expect(ZReportBrandingResponse.parse(branding.json())).toMatchObject({
      logo: { type: 'image/png', width: 16, height: 16, bytes: PNG_BAD_DEFLATE.length },
      logoProblem: LOGO_MESSAGES.storedUnreadable,
    });

    const report = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(report.statusCode, report.body.slice(0, 200)).toBe(200);
    expect(report.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    expect(inspectPdf(report.rawPayload).xrefValid).toBe(true);

    // Uploading it again clears the problem.
    expect((await uploadLogo(user, PNG_16, 'image/png')).statusCode).toBe(200);
    const fixed = await injectAs(user, t.app, { method: 'GET', url: '/api/report-branding' });
    expect(fixed.json().logoProblem).toBeNull();
  });
});

describe('GET /api/reports/portfolio.pdf', () => {
  it("answers 404 without a saved portfolio, for another account's client and for a client without holdings (400 for a malformed id)", async () => {
    const user = await professional(null);
    const none = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expectError(none, 404, 'NOT_FOUND', REPORT_MESSAGES.noPortfolio);

    const other = await professional(null);
    const othersClient = await injectAs(other, t.app, {
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'Someone else', holdings: { AAPL: 1 } },
    });
    expect(othersClient.statusCode, othersClient.body).toBe(201);
    const foreign = await injectAs(user, t.app, {
      method: 'GET',
      url: `/api/reports/portfolio.pdf?clientId=${othersClient.json().client.id}`,
    });
    expectError(foreign, 404, 'NOT_FOUND', CLIENT_MESSAGES.notFound);

    const empty = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'New' },
    });
    expect(empty.statusCode, empty.body).toBe(201);
    const emptyReport = await injectAs(user, t.app, {
      method: 'GET',
      url: `/api/reports/portfolio.pdf?clientId=${empty.json().client.id}`,
    });
    expectError(emptyReport, 404, 'NOT_FOUND', REPORT_MESSAGES.clientWithoutHoldings);

    const malformed = await injectAs(user, t.app, {
      method: 'GET',
      url: '/api/reports/portfolio.pdf?clientId=42',
    });
    expectError(malformed, 400, 'VALIDATION_ERROR');
    expect(malformed.json().error.message).toBe(CLIENT_MESSAGES.clientIdInvalid);
  });

  it("reports a client's holdings under the client's name, not the saved portfolio", async () => {
    const user = await professional();
    const created = await injectAs(user, t.app, {
      method: 'POST',
      url: '/api/clients',
      payload: { name: 'The Okonkwo Family Trust', holdings: { NVDA: 3, BND: 40 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await injectAs(user, t.app, {
      method: 'GET',
      url: `/api/reports/portfolio.pdf?clientId=${created.json().client.id}`,
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const text = squeeze(normalizedPdfText(inspectPdf(res.rawPayload)));
    expect(text).toContain(squeeze('Portfolio report: The Okonkwo Family Trust'));
    expect(text).toContain('NVDA');
    expect(text).toContain('BND');
    expect(text).not.toContain('AAPL');
  });

  it("is a PDF of the holdings under the firm's branding, with the analysis endpoint's numbers", async () => {
    const user = await professional();
    await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: 'Larchmont & Finch Wealth Partners', color: '#0f766e' },
    });
    await uploadLogo(user, PNG_16, 'image/png');

    const res = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="larchmont-finch-wealth-partners-portfolio-report-2026-11-24.pdf"',
    );
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.xrefValid).toBe(true);
    expect(pdf.title).toBe('Portfolio report — Larchmont & Finch Wealth Partners');
    // The logo is embedded once, as an image of its own size; the firm's colour fills the cover band.
    const source = res.rawPayload.toString('latin1');
    expect(source.match(/\/Subtype \/Image/g)).toHaveLength(1);
    expect(source).toMatch(/\/Width 16\s+\/Height 16/);
    expect(source).toContain(fillOperator('#0f766e'));
    expect(pdf.pages).toHaveLength(pdf.pageCount);
    const all = squeeze(normalizedPdfText(pdf));
    expect(all).toContain(squeeze('Larchmont & Finch Wealth Partners'));
    expect(all).not.toContain('PreparedbyFoliowise');

    // The analyzer's own endpoints, on the same holdings.
    const analyzed = ZAnalyzeResponse.parse(
      (
        await injectAs(user, t.app, {
          method: 'POST',
          url: '/api/analyze',
          payload: { portfolio: PORTFOLIO },
        })
      ).json(),
    );
    const valued = ZValuationResponse.parse(
      (
        await injectAs(user, t.app, {
          method: 'POST',
          url: '/api/portfolio/valuation',
          payload: { portfolio: PORTFOLIO },
        })
      ).json(),
    ).valuation;
    const m = analyzed.analysis.metrics;
    const expected = [
      formatMoney(analyzed.portfolioSummary.totalValue),
      formatMoney(valued.totalCurrentValue),
      ...Object.values(valued.holdings).flatMap((h) => [
        formatMoney(h.currentValue),
        formatPercent(h.weight),
      ]),
      ...['AAPL', 'MSFT', 'VTI', 'BND', 'BTC'],
      ...m.exposure.assetClass.map((b) => formatPercent(b.weight)),
      ...m.exposure.sector.map((b) => b.name),
      ...m.exposure.region.map((b) => b.name),
      m.volatility === null ? 'Not available' : formatPercent(m.volatility),
      m.beta === null ? 'Not available' : formatNumber(m.beta, 2),
      m.sharpe === null ? 'Not available' : formatNumber(m.sharpe, 2),
      m.maxDrawdown === null ? 'Not available' : `-${formatPercent(m.maxDrawdown.value)}`,
      `${m.healthCheck.passed} of ${m.healthCheck.total} checks passed (${m.healthCheck.scorePercent}%)`,
      ...m.healthCheck.checks.map((c) => c.label),
      ...analyzed.analysis.diversificationGaps,
      ...analyzed.analysis.insights,
      ...analyzed.analysis.overviewText.split(/\n\s*\n/).map((p) => p.trim()),
      ...m.riskReasons,
    ];
    for (const value of expected) expect(all, value).toContain(squeeze(value));
  });

  it("dates every page's footer and prints the disclaimer on each, with Foliowise's branding when none is set", async () => {
    const user = await professional();
    const res = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="foliowise-portfolio-report-2026-11-24.pdf"',
    );
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(6);
    pdf.pages.forEach((page, index) => {
      const text = squeeze(page);
      expect(text).toContain(squeeze(`Foliowise • Portfolio report • Generated ${formatReportDate(NOW)}`));
      expect(text).toContain(squeeze(`Page ${index + 1} of ${pdf.pageCount}`));
      expect(text).toContain(squeeze(REPORT_DISCLAIMER));
    });
    expect(squeeze(pdf.pages[0] ?? '')).toContain('PreparedbyFoliowise');
    const source = res.rawPayload.toString('latin1');
    expect(source).not.toContain('/Subtype /Image');
    expect(source).toContain(fillOperator(FOLIOWISE_REPORT_COLOR));
  });

  it('writes firm and client names with XML special characters into XMP metadata that parses as XML', async () => {
    const firmName = 'Smith & <Sons>';
    const clientName = `The "O'Brien" <Trust> & Co`;
    const res = await clientReportOf(firmName, clientName, { AAPL: 2 });

    // The packet as pdfkit writes it (UTF-8, uncompressed): from <?xpacket begin to <?xpacket end="w"?>.
    const source = res.rawPayload.toString('utf8');
    const start = source.indexOf('<?xpacket begin');
    const endMarker = '<?xpacket end="w"?>';
    const end = source.indexOf(endMarker, start);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const packet = source.slice(start, end + endMarker.length);
    // Every '&' starts one of XML's entities (happy-dom's parser lets a bare '&' through).
    expect(packet).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i);

    const window = new Window();
    try {
      const xml = new window.DOMParser().parseFromString(packet, 'application/xml');
      expect(xml.getElementsByTagName('parsererror')).toHaveLength(0);
      const textOf = (name: string) => xml.getElementsByTagName(name)[0]?.textContent?.trim();
      expect(textOf('dc:creator')).toBe(firmName);
      expect(textOf('dc:title')).toBe(`Portfolio report: ${clientName} — ${firmName}`);
    } finally {
      await window.happyDOM.close();
    }
    // The info dictionary (a PDF string, not XML) keeps the names as they are.
    expect(inspectPdf(res.rawPayload).title).toBe(`Portfolio report: ${clientName} — ${firmName}`);
  });

  it('draws firm and client names in any script with embedded fonts, tagged, and names the file by every letter (issue 25 item 20)', async () => {
    const firmName = 'Łódź Capital 株式会社';
    const clientName = 'Dvořák Ørsted Müller Ελληνικά Кириллица';
    const res = await clientReportOf(firmName, clientName, { AAPL: 2, '7203.T': 100 });
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="lodz-capital-portfolio-report-2026-11-24.pdf"; ' +
        "filename*=UTF-8''lodz-capital-%E6%A0%AA%E5%BC%8F%E4%BC%9A%E7%A4%BE-portfolio-report-2026-11-24.pdf",
    );

    // What a reader extracts: the names exactly (a line break where a long title wraps reads as a space).
    const { text, warnings } = await pdfToText(res.rawPayload);
    // Every marked-content sequence of the tagging is closed where it was opened.
    expect(warnings).toBe('');
    const extracted = text.replace(/\s+/g, ' ');
    expect(extracted).toContain(firmName);
    expect(extracted).toContain(`Prepared by ${firmName}`);
    expect(extracted).toContain(`Portfolio report: ${clientName}`);
    expect(extracted).not.toContain('?');
    expect(extracted).not.toContain('\ufffd');
    // Our own reader sees the same text on every page's footer.
    const pdf = inspectPdf(res.rawPayload);
    expect(pdf.xrefValid).toBe(true);
    for (const page of pdf.pages) expect(squeeze(page)).toContain(squeeze(`${firmName} • Portfolio report:`));

    const check = await qpdfCheck(res.rawPayload);
    expect(check.output).toContain('No syntax or stream encoding errors found');
    expect(check.code, check.output).toBe(0);
    const info = await pdfInfo(res.rawPayload);
    expect(info.stderr).toBe('');
    expect(info.fields).toMatchObject({
      Tagged: 'yes',
      Title: `Portfolio report: ${clientName} — ${firmName}`,
      Author: firmName,
      Pages: String(pdf.pageCount),
    });
    // Only the fonts the text needs, each a subset.
    const fonts = [...res.rawPayload.toString('latin1').matchAll(/\/BaseFont \/([A-Z]{6})\+([\w-]+)/g)].map(
      (m) => m[2],
    );
    expect(new Set(fonts)).toEqual(
      new Set(['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansHans-Regular', 'NotoSansHans-Bold']),
    );
  });

  it('draws Hangul with the Korean font, and a Latin-only report embeds no CJK font', async () => {
    const user = await professional();
    await injectAs(user, t.app, {
      method: 'PUT',
      url: '/api/report-branding',
      payload: { firmName: '한국 투자 Partners' },
    });
    const res = await injectAs(user, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const korean = await pdfToText(res.rawPayload);
    expect(korean.warnings).toBe('');
    expect(korean.text.replace(/\s+/g, ' ')).toContain('Prepared by 한국 투자 Partners');
    expect(res.headers['content-disposition']).toContain(
      "filename*=UTF-8''%ED%95%9C%EA%B5%AD-%ED%88%AC%EC%9E%90-partners-portfolio",
    );
    expect(res.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansKR-/);

    const plain = await professional();
    const latin = await injectAs(plain, t.app, { method: 'GET', url: '/api/reports/portfolio.pdf' });
    const source = latin.rawPayload.toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(source).not.toMatch(/NotoSansHans|NotoSansKR/);
    expect((await pdfInfo(latin.rawPayload)).fields.Tagged).toBe('yes');
  });
});
