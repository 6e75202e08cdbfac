import type { MailMessage } from './index';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Paragraphs and links, as plain text and as simple HTML with the same words (account and alert mail). */
export function composeMail(
  to: string,
  subject: string,
  parts: (string | { label: string; url: string })[],
): MailMessage {
  const text = parts.map((p) => (typeof p === 'string' ? p : `${p.label}: ${p.url}`)).join('\n\n');
  const html = parts
    .map((p) =>
      typeof p === 'string'
        ? `<p>${escapeHtml(p)}</p>`
        : `<p><a href="${escapeHtml(p.url)}">${escapeHtml(p.label)}</a><br>${escapeHtml(p.url)}</p>`,
    )
    .join('\n');
  return {
    to,
    subject,
    text: `${text}\n\n-- Foliowise\n`,
    html: `<!doctype html><html><body>${html}<p>-- Foliowise</p></body></html>`,
  };
}
