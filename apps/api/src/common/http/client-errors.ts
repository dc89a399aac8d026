import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refused, before any middleware saw the request, in the words a client gets. */
const REFUSALS: Record<string, { status: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: '431 Request Header Fields Too Large',
    message: 'The request line and headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: '408 Request Timeout',
    message: 'The request took too long to arrive.',
  },
};
const UNREADABLE = { status: '400 Bad Request', message: 'The request could not be read.' };

/**
 * A request Node's parser refuses (a request line and headers over its 16 KB, a malformed request line) never reaches
 * Express: Node itself answers 431 or 400 with an empty body. With this listener the answer is in the spec's shape,
 * {"errors":[{"message":"..."}]}, as every other error is. A socket already gone is only closed.
 */
export function answerClientErrorsInShape(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, message } = (error.code && REFUSALS[error.code]) || UNREADABLE;
    const body = JSON.stringify({ errors: [{ message }] });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
