import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook endpoint for the stand-in's tests: keeps each delivery's raw body and signature header. */
export interface Received {
  body: string;
  signature: string;
}

export async function startReceiver(status = 200): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature'] ?? ''),
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
