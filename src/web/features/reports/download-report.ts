import { useMutation } from '@tanstack/react-query';
import { AppError, ZErrorBody, appErrorCodeOf } from '../../../contracts/errors';
import { PORTFOLIO_REPORT_PATH } from '../../../contracts/reports';

const FALLBACK_FILE_NAME = 'portfolio-report.pdf';

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
function attachmentFileName(header: string | null): string {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? FALLBACK_FILE_NAME;
}

/**
 * GET /api/reports/portfolio.pdf (of the client `clientId`, or of the saved portfolio), saved through a temporary
 * link: a failure (no holdings, a lost session) is shown on the page as the server's message instead of
 * downloading an error body as a file.
 */
async function downloadPortfolioReport(clientId: string | null): Promise<string> {
  const path = clientId
    ? `${PORTFOLIO_REPORT_PATH}?clientId=${encodeURIComponent(clientId)}`
    : PORTFOLIO_REPORT_PATH;
  const response = await fetch(path, { credentials: 'include' });
  if (!response.ok) {
    const body = ZErrorBody.safeParse(await response.json().catch(() => null));
    throw new AppError(
      body.success ? appErrorCodeOf(body.data.error.code) : 'BAD_RESPONSE',
      body.success ? body.data.error.message : `The report could not be generated (${response.status}).`,
      { status: response.status },
    );
  }
  const fileName = attachmentFileName(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}

export function useDownloadPortfolioReport() {
  return useMutation({ mutationFn: downloadPortfolioReport });
}
