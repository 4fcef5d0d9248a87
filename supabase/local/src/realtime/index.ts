import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { StackContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';
import { RealtimeConnection } from './connection.ts';
import { ChangeFeed } from './feed.ts';
import type { Vsn } from './protocol.ts';

const REALTIME_SQL = new URL('./realtime.sql', import.meta.url);
const PATH = '/realtime/v1/websocket';

export interface RealtimeService {
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Realtime's postgres_changes on the stack's HTTP server: installs the change capture, follows the
 * queue and serves WebSocket clients at /realtime/v1/websocket.
 */
export async function attachRealtime(server: Server, ctx: StackContext): Promise<RealtimeService> {
  const { db, config } = ctx;
  await db.exec(await readFile(REALTIME_SQL, 'utf8'));
  const syncTriggers = async (): Promise<void> => {
    await db.query('select realtime.sync_triggers()');
  };
  await syncTriggers();

  const connections = new Set<RealtimeConnection>();
  const feed = new ChangeFeed(db, function* () {
    for (const connection of connections) yield* connection.subscriptions.values();
  });
  await feed.start();

  const wss = new WebSocketServer({ noServer: true });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const url = new URL(req.url ?? '/', config.apiUrl);
    if (url.pathname !== PATH) return refuse(socket, '404 Not Found');
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    const apikey = url.searchParams.get('apikey') ?? '';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, '400 Bad Request');
    // As hosted Realtime: a connection without a valid API key is refused before the upgrade.
    verifyJwt(apikey, config.jwtSecret).then(
      () =>
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection = new RealtimeConnection(ws, vsn as Vsn, apikey, config, syncTriggers);
          connections.add(connection);
          ws.on('close', () => connections.delete(connection));
          ws.on('error', () => ws.terminate());
        }),
      () => refuse(socket, '403 Forbidden'),
    );
  };
  server.on('upgrade', onUpgrade);

  return {
    async close() {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
      await feed.stop();
    },
  };
}
