/**
 * A local SMTP server (smtp-server, the real protocol) for tests: the app sends through SMTP_URL=`url`, and a test
 * reads each message as it arrived, parsed from its raw text (headers, then the text/plain part).
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  subject: string;
  to: string;
  from: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** The first message to `address` (with `subject`, when given) not taken yet, waiting for it to arrive. */
  nextMailTo(address: string, subject?: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const body = end === -1 ? '' : part.slice(end + 4);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

function parseMail(raw: string, envelopeTo: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const parts: Record<string, string> = {};
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = splitHeaders(section.replace(/^\r\n/, ''));
    const type = (part.headers.get('content-type') ?? contentType).split(';')[0]?.trim().toLowerCase();
    if (type === 'text/plain' || type === 'text/html') {
      parts[type] = decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding'));
    }
  }
  return {
    envelopeTo,
    subject: decodeWords(headers.get('subject') ?? ''),
    to: headers.get('to') ?? '',
    from: headers.get('from') ?? '',
    text: (parts['text/plain'] ?? '').replace(/\r\n/g, '\n'),
    html: (parts['text/html'] ?? '').replace(/\r\n/g, '\n'),
    raw,
  };
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { address: string; subject?: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const isTo = (mail: ReceivedMail, address: string, subject?: string) =>
    mail.envelopeTo.some((to) => to.toLowerCase() === address.toLowerCase()) &&
    (subject === undefined || mail.subject === subject);

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        received.push(mail);
        const waiter = waiters.findIndex((w) => isTo(mail, w.address, w.subject));
        if (waiter !== -1) {
          taken.add(mail);
          waiters.splice(waiter, 1)[0]?.resolve(mail);
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('no port'));
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMailTo(address, subject) {
      const waiting = received.find((mail) => !taken.has(mail) && isTo(mail, address, subject));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve) => waiters.push({ address, subject, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that starts with `prefix` (e.g. `${publicUrl}/verify-email?token=`). */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}

/** The token of a mailed link (`...?token=...`). */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
