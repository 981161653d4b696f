#!/usr/bin/env node
// lapak-mcp: the MCP server on stdio. The key and the server come from the environment only
// (LAPAK_API_KEY, LAPAK_BASE_URL): a flag would show the key in `ps`. stdout carries the
// protocol alone; messages go to stderr and never contain the key or customer data.
import { Lapak } from '@lapak/sdk';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createServer, SERVER_VERSION } from './server.js';

const USAGE = `Usage: LAPAK_BASE_URL=https://... LAPAK_API_KEY=lpk_... lapak-mcp [--allow-writes] [--allow-customer-data]

  --allow-writes         adds set_order_status (pending <-> closing)
  --allow-customer-data  adds lookup_customer and the buyer block of get_order (personal data)
`;

export interface CliConfig {
  baseUrl: string;
  apiKey: string;
  allowWrites: boolean;
  allowCustomerData: boolean;
}

/** The configuration, or the message to print and exit with. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): { ok: true; config: CliConfig } | { ok: false; message: string; exitCode: number } {
  let allowWrites = false;
  let allowCustomerData = false;
  for (const arg of argv) {
    if (arg === '--allow-writes') allowWrites = true;
    else if (arg === '--allow-customer-data') allowCustomerData = true;
    else if (arg === '--help' || arg === '-h') return { ok: false, message: USAGE, exitCode: 0 };
    else if (arg === '--version') return { ok: false, message: `${SERVER_VERSION}\n`, exitCode: 0 };
    else if (/key|token|secret|url/i.test(arg)) {
      return { ok: false, message: `lapak-mcp: ${arg.split('=')[0]} is not an option: set LAPAK_API_KEY and LAPAK_BASE_URL in the environment (a flag would show the key in ps)\n`, exitCode: 2 };
    } else return { ok: false, message: `lapak-mcp: unknown option ${arg}\n\n${USAGE}`, exitCode: 2 };
  }
  const apiKey = env.LAPAK_API_KEY?.trim() ?? '';
  const baseUrl = env.LAPAK_BASE_URL?.trim() ?? '';
  if (!apiKey) return { ok: false, message: 'lapak-mcp: LAPAK_API_KEY is not set\n', exitCode: 2 };
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl)) return { ok: false, message: 'lapak-mcp: LAPAK_BASE_URL must be the http(s) address of the Lapak server\n', exitCode: 2 };
  return { ok: true, config: { apiKey, baseUrl, allowWrites, allowCustomerData } };
}

const parsed = parseCli(process.argv.slice(2), process.env);
if (!parsed.ok) {
  process.stderr.write(parsed.message);
  process.exit(parsed.exitCode);
}
const { config } = parsed;
// A tool call should not hang on a long window: longer waits come back as the rate-limit error.
const lapak = new Lapak({ apiKey: config.apiKey, baseUrl: config.baseUrl, maxRetryAfter: 10 });
serveStdio(() => createServer({ lapak, allowWrites: config.allowWrites, allowCustomerData: config.allowCustomerData }), {
  onerror: (error) => process.stderr.write(`lapak-mcp: ${error.name}: ${error.message}\n`),
});
