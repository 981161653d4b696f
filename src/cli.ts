#!/usr/bin/env node
// The operator CLI (`lapak`), the entry that the bin (dist/cli.js), `npm start`, the tests
// and the bench run. The commands live in src/cli/, one file per group, registered here in
// the order `lapak --help` lists them. Every command takes --json; any failure exits 1 with
// one line on stderr.
import { Command } from 'commander';
import { ConfigError } from './lib/config.js';
import { demoCommands } from './cli/demo.js';
import { CliError } from './cli/io.js';
import { keyCommands } from './cli/key.js';
import { messagingCommands } from './cli/messaging.js';
import { orderCommands } from './cli/order.js';
import { productCommands } from './cli/product.js';
import { secretsCommands } from './cli/secrets.js';
import { serveCommands } from './cli/serve.js';
import { storeCommands } from './cli/store.js';
import { tenantCommands } from './cli/tenant.js';
import { webhookCommands } from './cli/webhook.js';
import { userCommands } from './cli/user.js';

const program = new Command('lapak').description('Lapak: multi-tenant order platform').showHelpAfterError(false);
serveCommands(program);
demoCommands(program);
tenantCommands(program);
keyCommands(program);
productCommands(program);
storeCommands(program);
orderCommands(program);
webhookCommands(program);
messagingCommands(program);
userCommands(program);
secretsCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const message = error instanceof CliError || error instanceof ConfigError ? error.message : `failed: ${(error as Error).message}`;
  process.stderr.write(`lapak: ${message.split('\n')[0]}\n`);
  process.exit(1);
}
