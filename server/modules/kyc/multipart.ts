/**
 * A multipart/form-data body (RFC 7578), already read into memory within the route's body limit, split into its
 * parts. The multipart routes (the KYC upload, a help case's attachment) have small bounded bodies (at most three
 * files of 5 MB), so a buffered parser of a few lines does what a streaming dependency would, and what it refuses it
 * refuses before any storage.
 */
export interface FormPart {
  name: string;
  /** Set for a file field (the browser sends the file's name; it is never trusted for anything). */
  filename: string | undefined;
  data: Buffer;
}

export class MalformedMultipart extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_PARTS = 20;

export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : undefined;
}

function headerParameter(header: string, name: string): string | undefined {
  const match =
    new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ??
    new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header);
  return match?.[1]?.replace(/\\(.)/g, '$1');
}

export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new MalformedMultipart('no boundary');
  for (;;) {
    at += delimiter.length;
    if (body.subarray(at, at + 2).toString('latin1') === '--') return parts;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw new MalformedMultipart('boundary not followed by CRLF');
    at += 2;
    const headersEnd = body.indexOf(HEADER_END, at);
    if (headersEnd < 0) throw new MalformedMultipart('part without headers');
    const headers = body.subarray(at, headersEnd).toString('utf8').split('\r\n');
    const disposition = headers.find((h) => /^content-disposition:/i.test(h));
    const name = disposition === undefined ? undefined : headerParameter(disposition, 'name');
    if (name === undefined || name === '') throw new MalformedMultipart('part without a name');
    const start = headersEnd + HEADER_END.length;
    const end = body.indexOf(Buffer.concat([CRLF, delimiter]), start);
    if (end < 0) throw new MalformedMultipart('part not closed');
    parts.push({
      name,
      filename: disposition && headerParameter(disposition, 'filename'),
      data: body.subarray(start, end),
    });
    if (parts.length > MAX_PARTS) throw new MalformedMultipart('too many parts');
    at = end + CRLF.length;
  }
}
