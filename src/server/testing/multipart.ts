/** multipart/form-data bodies as a browser sends them, for the routes that take a file. */

export const MULTIPART_BOUNDARY = 'foliowise-test-boundary';

/** The `content-type` header of a body built by `multipart`. */
export const MULTIPART_CONTENT_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

export interface MultipartPart {
  name: string;
  /** Makes the part a file. */
  fileName?: string;
  /** A file's type (text/csv unless given). */
  type?: string;
  content: string | Buffer;
}

/** A multipart/form-data body: the parts in order. */
export function multipart(parts: readonly MultipartPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type = part.fileName === undefined ? '' : `Content-Type: ${part.type ?? 'text/csv'}\r\n`;
    chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
