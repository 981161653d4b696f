// Runs the built CLI as operators run it (`node dist/cli.js ...`; npm test builds first),
// each test file in a temporary directory of SQLite files.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, waitForHealthz } from './server-ready.js';

const CLI = path.resolve('dist/cli.js');

export interface CliHarness {
  /** The environment of a command on database file `file`, plus `extra`. */
  env(file: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** Runs one command to completion. */
  lapak(file: string, args: string[], options?: { input?: string; env?: Record<string, string> }): {
    code: number | null;
    stdout: string;
    stderr: string;
    json(): ReturnType<typeof JSON.parse>;
  };
  /** Starts a long-running command (serve, start, dispatch, work); waits for /healthz unless it serves no HTTP (dispatch, work). */
  start(file: string, cmd: 'serve' | 'start' | 'dispatch' | 'work', env?: Record<string, string>, args?: string[]): Promise<RunningCommand>;
  /** Removes the directory. */
  cleanup(): void;
}

export interface RunningCommand {
  port: number;
  pid: number;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  stdout(): string;
  /** stdout and stderr together, as written. */
  output(): string;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export function cliHarness(prefix: string, baseEnv: Record<string, string> = {}): CliHarness {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const env = (file: string, extra: Record<string, string> = {}) => ({
    ...process.env,
    DATABASE_URL: `sqlite:${path.join(dir, file)}`,
    TZ: 'Asia/Jakarta',
    LOG_LEVEL: 'warn',
    ...baseEnv,
    ...extra,
  });
  return {
    env,
    lapak(file, args, options = {}) {
      const r = spawnSync('node', [CLI, ...args], { env: env(file, options.env), input: options.input ?? '', encoding: 'utf8' });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout) };
    },
    async start(file, cmd, extra = {}, args = []) {
      const port = await freePort();
      const child = spawn('node', [CLI, cmd, ...args], { env: { ...env(file, extra), PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      let stdout = '';
      let output = '';
      child.stdout.on('data', (d) => {
        stdout += d;
        output += d;
      });
      child.stderr.on('data', (d) => (output += d));
      if (cmd !== 'dispatch' && cmd !== 'work') await waitForHealthz(`http://127.0.0.1:${port}`, child, 10_000, () => output);
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      return { port, pid: child.pid!, exited, stop, stdout: () => stdout, output: () => output };
    },
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
