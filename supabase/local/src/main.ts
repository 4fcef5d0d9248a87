// First: the project's `.env` into process.env (scripts/env/); the real environment wins.
import '../../../scripts/env/load.mjs';
import { loadConfig } from './config.ts';
import { bootStack } from './boot.ts';

// `npm run stack` (and `npm start`) run this: the local Supabase on 127.0.0.1:54321 until Ctrl-C.
const config = loadConfig();
const stack = await bootStack(config).catch((error: unknown) => {
  // A refusal (see bind-guard.ts) or a port in use: one clear line, not a stack trace.
  console.error(`[supabase-local] ${(error as Error).message}`);
  process.exit(1);
});
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir ?? 'memory'}`;
console.log(`[supabase-local] API      ${stack.url}  (database: ${where})`);
console.log(
  `[supabase-local] mail     ${config.smtpUrl ? `via ${new URL(config.smtpUrl).host}` : `${config.mailUrl} (Mailpit's API at /api/v1)`}`,
);
console.log(`[supabase-local] anon key ${config.anonKey}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[supabase-local] ${signal}: stopping`);
  await stack.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
