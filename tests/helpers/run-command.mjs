// Runs a project tool as a child process the way npm scripts do: node_modules/.bin first on PATH, so
// `#!/usr/bin/env node` tools get the project's Node 24 even when the system Node is older.
import { spawn } from 'node:child_process';
import { delimiter, resolve } from 'node:path';

const PROJECT_BIN = resolve('node_modules/.bin');

export function projectEnv(extra = {}) {
  return { ...process.env, PATH: `${PROJECT_BIN}${delimiter}${process.env.PATH ?? ''}`, ...extra };
}

/**
 * Runs `command args…` with inherited output and resolves with its exit code (never rejects on failure).
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string> }} [options]
 * @returns {Promise<number>}
 */
export function runCommand(command, args, { env = {} } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { stdio: 'inherit', env: projectEnv(env) });
    child.on('error', (error) => {
      console.error(`could not start ${command}: ${error.message}`);
      resolveRun(127);
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 128 : 1)));
  });
}
