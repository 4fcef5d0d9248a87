import { readFile } from 'node:fs/promises';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { StackContext } from '../context.ts';
import { RealtimeConnection } from './connection.ts';
import { ChangeFeed } from './feed.ts';
import { HOSTED_LIMITS, JoinRate } from './limits.ts';
import type { Vsn } from './protocol.ts';
import { realtimeClaims } from './token.ts';

const REALTIME_SQL = new URL('./realtime.sql', import.meta.url);
const PATH = '/realtime/v1/websocket';

export interface RealtimeService {
  close(): Promise<void>;
}

function refuse(socket: Duplex, status: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  else socket.destroy();
}

/**
 * The path and query of an upgrade request; undefined unless the target is a plain absolute path
 * (`//`, `http://x`, `*` and the like are not: `new URL` would read them as a host or throw).
 */
export function upgradeTarget(target: string | undefined): URL | undefined {
  if (!target?.startsWith('/') || target.startsWith('//')) return undefined;
  try {
    return new URL(target, 'http://localhost');
  } catch {
    return undefined;
  }
}

/**
 * Realtime's postgres_changes on the stack's HTTP server: installs the change capture, follows the
 * queue and serves WebSocket clients at /realtime/v1/websocket.
 */
export async function attachRealtime(server: Server, ctx: StackContext): Promise<RealtimeService> {
  const { db, config } = ctx;
  const limits = { ...HOSTED_LIMITS, ...config.realtimeLimits };
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
  const joinRate = new JoinRate(limits.maxJoinsPerSecond, limits.joinRateTickMs);

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxFrameBytes });
  const accept = (req: IncomingMessage, socket: Duplex, head: Buffer, vsn: Vsn, apikey: string): void => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new RealtimeConnection(ws, {
        vsn,
        apikey,
        jwtSecret: config.jwtSecret,
        limits,
        joinRate,
        beforeJoin: syncTriggers,
      });
      connections.add(connection);
      ws.on('close', () => {
        connection.close();
        connections.delete(connection);
      });
      ws.on('error', () => ws.terminate());
    });
  };
  // Runs outside any request handler: whatever a client sends, it must neither throw nor leave the
  // socket without an error listener (an unhandled socket error would end the process).
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    try {
      const url = upgradeTarget(req.url);
      if (!url) return refuse(socket, '400 Bad Request');
      if (url.pathname !== PATH) return refuse(socket, '404 Not Found');
      const vsn = url.searchParams.get('vsn') ?? '1.0.0';
      const apikey = url.searchParams.get('apikey') ?? '';
      if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, '400 Bad Request');
      // As hosted Realtime: a connection without a valid API key (signed, with role and exp) is refused
      // before the upgrade.
      realtimeClaims(apikey, config.jwtSecret)
        .then(
          () => accept(req, socket, head, vsn, apikey),
          () => refuse(socket, '403 Forbidden'),
        )
        .catch(() => socket.destroy());
    } catch {
      socket.destroy();
    }
  };
  server.on('upgrade', onUpgrade);

  return {
    async close() {
      server.off('upgrade', onUpgrade);
      joinRate.stop();
      for (const connection of connections) connection.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await feed.stop();
    },
  };
}
