// lapak secrets rotate: re-seal every stored secret under LAPAK_SECRET_KEY (the new key),
// opening what the old key sealed with LAPAK_SECRET_KEY_OLD, --old-key-file, or, on SQLite,
// the key file beside the database. Row by row, each change a compare-and-set: a run that
// stops half way is finished by running it again, and a second run changes nothing.
import fs from 'node:fs';
import type { Command } from 'commander';
import { openDatabase } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { keyFilePath, readKeyFile } from '../lib/secrets/key-source.js';
import { createSealer } from '../lib/secrets/sealer.js';
import { sealStoredSecrets } from '../secrets/seal-stored-secrets.js';
import { CliError, command, getConfig, print, type Output } from './io.js';

export function secretsCommands(program: Command): void {
  const secrets = program.command('secrets').description('the key that seals stored secrets (gateway keys, webhook signing secrets)');
  command(secrets, 'rotate', 're-seal every stored secret with LAPAK_SECRET_KEY (the new key); the old key from LAPAK_SECRET_KEY_OLD, --old-key-file, or the SQLite key file')
    .option('--old-key-file <path>', 'a file holding the old key (32 bytes in base64), such as the SQLite key file')
    .action(async (opts: Output & { oldKeyFile?: string }) => {
      const cfg = getConfig();
      if (!cfg.secretKey) throw new CliError('set LAPAK_SECRET_KEY to the new key (32 bytes in base64: openssl rand -base64 32)');
      const older = [...(cfg.secretKeyOld ? [cfg.secretKeyOld] : [])];
      if (opts.oldKeyFile !== undefined) {
        if (!fs.existsSync(opts.oldKeyFile)) throw new CliError(`--old-key-file ${opts.oldKeyFile} does not exist`);
        older.push(readKeyFile(opts.oldKeyFile));
      }
      // On SQLite the values were sealed with the key file until LAPAK_SECRET_KEY was set.
      const file = keyFilePath(cfg.databaseUrl);
      if (file !== null && opts.oldKeyFile === undefined && fs.existsSync(file)) older.push(readKeyFile(file));
      const sealer = createSealer(cfg.secretKey, older);
      const handle = openDatabase(cfg.databaseUrl);
      try {
        await migrateToLatest(handle);
        const report = await sealStoredSecrets(handle.db, sealer, 'all');
        print(
          opts,
          report,
          [
            `secrets sealed with key ${report.key_id}: ${report.resealed} re-sealed, ${report.sealed_plain} sealed from plain text, ${report.already_current} already current`,
            ...report.unreadable.map((u) => `cannot open ${u.table}.${u.column} of row ${u.row}: ${u.reason}`),
          ].join('\n'),
        );
        if (report.unreadable.length > 0) {
          throw new CliError(`${report.unreadable.length} stored secrets open with none of the keys given; give the key that sealed them (LAPAK_SECRET_KEY_OLD or --old-key-file) and run again`);
        }
      } finally {
        await handle.close();
      }
    });
}
