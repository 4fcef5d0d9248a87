// SMTP sinks for tests and benchmarks: no test framework here, so scripts can import it too.
import { createServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

/** Just enough SMTP to accept messages: greets, says OK to everything, collects DATA. */
function speakSmtp(socket: Socket, messages: string[]): void {
  let inData = false;
  let buffer = '';
  let data = '';
  socket.on('error', () => undefined);
  socket.write('220 sink ESMTP\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    let index: number;
    while ((index = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      if (inData) {
        if (line === '.') {
          inData = false;
          messages.push(data);
          data = '';
          socket.write('250 queued\r\n');
        } else data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
        continue;
      }
      const command = line.slice(0, 4).toUpperCase();
      if (command === 'EHLO') socket.write('250-sink\r\n250 8BITMIME\r\n');
      else if (command === 'DATA') {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (command === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 ok\r\n');
    }
  });
}

/** A plain SMTP sink. */
export function startSmtpSink(): { server: Server; messages: string[] } {
  const messages: string[] = [];
  return { server: createServer((socket) => speakSmtp(socket, messages)), messages };
}

/** The same sink behind implicit TLS (smtps://) with the given certificate. */
export function startTlsSmtpSink(tls: { key: string | Buffer; cert: string | Buffer }): {
  server: Server;
  messages: string[];
} {
  const messages: string[] = [];
  return { server: createTlsServer(tls, (socket) => speakSmtp(socket, messages)), messages };
}
