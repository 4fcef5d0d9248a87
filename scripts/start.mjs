// `npm start`: builds the site, then runs the local Supabase stack (127.0.0.1:54321) and the site
// (http://localhost:4321) side by side until Ctrl-C, which stops both.
import { spawn } from 'node:child_process';

const children = [];

function run(name, command, args, { wait = false } = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      if (wait && code === 0) return resolve();
      if (!stopping) {
        console.error(`[start] ${name} exited (${signal ?? code}); stopping everything`);
        stopAll(code ?? 1);
      }
      reject(new Error(`${name} exited`));
    });
  });
}

let stopping = false;
function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const port = process.env.PORT ?? '4321';
console.log('[start] building the site…');
await run('astro build', 'npx', ['astro', 'build'], { wait: true });
run('supabase-local', 'npx', ['tsx', 'supabase/local/src/main.ts']).catch(() => {});
run('site', 'node', ['scripts/serve-static.mjs', '--port', port]).catch(() => {});
console.log(`[start] site on http://localhost:${port} — Ctrl-C stops everything`);
