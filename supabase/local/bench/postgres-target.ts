import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import pg from 'pg';

const LOCAL_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

function reachable(url: string, timeoutMs = 500): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface BenchPostgres {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database beside BENCH_DATABASE_URL (or the local PostgreSQL on 5432, when it answers), so the
 * benchmark never writes into a database someone uses. Undefined when there is no PostgreSQL to use.
 */
export async function benchPostgres(
  env: NodeJS.ProcessEnv = process.env,
): Promise<BenchPostgres | undefined> {
  const base = env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  if (!env.BENCH_DATABASE_URL && !(await reachable(base))) return undefined;
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}
