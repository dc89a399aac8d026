// An S3 API server for tests, in-process: s3rver (a pure-JS S3 server) behind a front that checks each request's
// AWS Signature Version 4. s3rver 3.7.1 accepts any V4 signature from a known access key (it verifies only V2:
// jamhall/s3rver#659), so on its own it would let a wrong signer pass; the front refuses what AWS S3 and MinIO
// would refuse, judged from the request as it arrives on the wire.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: the front checks signatures against it, s3rver then looks the key up itself. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export type SigV4Verdict = { ok: true } | { ok: false; status: number; code: string; message: string };

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const refuse = (status: number, code: string, message: string): SigV4Verdict => ({
  ok: false,
  status,
  code,
  message,
});
const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Checks a header-signed SigV4 S3 request the way the server side does: from the request line (`url` is the raw
 * request target, path and query as sent), the received headers and the received body. Pure, so it is itself checked
 * against AWS's published examples.
 */
export function verifySigV4(
  request: { method: string; url: string; headers: IncomingHttpHeaders },
  body: Buffer,
  expected: SigV4Credentials,
  now: Date,
): SigV4Verdict {
  const header = (name: string) => {
    const v = request.headers[name];
    return v === undefined ? undefined : (Array.isArray(v) ? v.join(',') : v).trim().replace(/\s+/g, ' ');
  };
  const authorization = header('authorization');
  if (!authorization) return refuse(403, 'AccessDenied', 'Anonymous access is not allowed');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!m)
    return refuse(400, 'AuthorizationHeaderMalformed', `Malformed authorization header: ${authorization}`);
  const [, accessKeyId, scopeDate, region, service, signedList, signature] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (accessKeyId !== expected.accessKeyId)
    return refuse(403, 'InvalidAccessKeyId', `Unknown access key ${accessKeyId}`);
  if (region !== expected.region || service !== 's3')
    return refuse(
      400,
      'AuthorizationHeaderMalformed',
      `Wrong scope ${region}/${service}; expecting ${expected.region}/s3`,
    );

  const amzDate = header('x-amz-date') ?? '';
  const dm = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!dm) return refuse(403, 'AccessDenied', `Missing or malformed x-amz-date: ${amzDate}`);
  if (amzDate.slice(0, 8) !== scopeDate)
    return refuse(
      403,
      'SignatureDoesNotMatch',
      `Credential date ${scopeDate} is not the x-amz-date day ${amzDate}`,
    );
  const [year, month, day, hour, minute, second] = dm.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const signedAt = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Math.abs(now.getTime() - signedAt) > MAX_SKEW_MS)
    return refuse(
      403,
      'RequestTimeTooSkewed',
      `Request time ${amzDate} is too far from ${now.toISOString()}`,
    );

  const payloadHash = header('x-amz-content-sha256');
  if (!payloadHash)
    return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
    return refuse(
      400,
      'XAmzContentSHA256Mismatch',
      `The provided x-amz-content-sha256 header does not match what was computed (${sha256Hex(body)})`,
    );
  }

  const signed = signedList.split(';');
  if (signed.join(';') !== [...signed].sort().join(';'))
    return refuse(403, 'SignatureDoesNotMatch', `SignedHeaders are not sorted: ${signedList}`);
  if (!signed.includes('host')) return refuse(403, 'AccessDenied', 'The host header must be signed');
  const unsigned = Object.keys(request.headers).filter((h) => h.startsWith('x-amz-') && !signed.includes(h));
  if (unsigned.length > 0)
    return refuse(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
    );
  const absent = signed.filter((h) => header(h) === undefined);
  if (absent.length > 0)
    return refuse(
      403,
      'SignatureDoesNotMatch',
      `Signed headers missing from the request: ${absent.join(', ')}`,
    );

  const [rawPath = '/', rawQuery = ''] = request.url.split('?', 2);
  const canonicalUri = rawPath
    .split('/')
    .map((s) => rfc3986(decodeURIComponent(s)))
    .join('/');
  const canonicalQuery = [...new URLSearchParams(rawQuery).entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    signed.map((h) => `${h}:${header(h)}\n`).join(''),
    signedList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${expected.secretAccessKey}`, scopeDate), region), 's3'),
    'aws4_request',
  );
  const computed = createHmac('sha256', key).update(stringToSign, 'utf8').digest();
  if (!timingSafeEqual(computed, Buffer.from(signature, 'hex'))) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      `The request signature we calculated does not match the signature you provided. Canonical request:\n${canonicalRequest}`,
    );
  }
  return { ok: true };
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`)}</Message></Error>`;

export interface S3TestServer {
  /** Path-style endpoint, e.g. http://127.0.0.1:PORT */
  endpoint: string;
  region: string;
  bucket: string;
  /** Requests the front refused, with the reason: for assertions and for debugging a failing signer. */
  refused: { method: string; url: string; code: string; message: string }[];
  close(): Promise<void>;
}

/** Starts s3rver with `bucket` on a random localhost port, and the signature-checking front before it. */
export async function startS3TestServer(options: { bucket: string; region?: string }): Promise<S3TestServer> {
  const region = options.region ?? 'eu-west-2';
  const directory = await mkdtemp(path.join(tmpdir(), 'credence-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: options.bucket }],
  });
  const backend = await s3rver.run();
  const refused: S3TestServer['refused'] = [];

  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers };
      const verdict = verifySigV4(request, body, { ...S3RVER_CREDENTIALS, region }, new Date());
      if (!verdict.ok) {
        refused.push({
          method: request.method,
          url: request.url,
          code: verdict.code,
          message: verdict.message,
        });
        res
          .writeHead(verdict.status, { 'content-type': 'application/xml' })
          .end(errorXml(verdict.code, verdict.message));
        return;
      }
      const upstream = http.request(
        {
          host: backend.address,
          port: backend.port,
          method: request.method,
          path: request.url,
          headers: req.headers,
          agent: false,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', (e) => res.writeHead(502).end(String(e)));
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const { port } = front.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    bucket: options.bucket,
    refused,
    close: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
