import { DynamicModule, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../../config/app-config';
import { DatabaseUnavailableError } from '../../database/database';
import { openCalendarDatabase } from '../../calendar-database';
import { describeDatabase, primaryOnly } from '../../database/typeorm-options';
import { ImportService, ImportSummary } from '../../modules/imports/application/import.service';
import { ImportsModule } from '../../modules/imports/imports.module';
import { SourceError, TecRestSource } from '../../modules/imports/infrastructure/tec-rest-source';
import { TokenVerifier } from '../../shared/auth/token-verifier';
import { UserDirectory } from '../../shared/auth/user-directory';
import { CoreModule, CoreModuleOptions } from '../../core.module';
import { IMPORT_USAGE, ImportUsageError, parseImportArgs } from './import-options';
import { ConsoleImportReporter, ImportStreams, summaryLines } from './import-reporter';

/** The application without HTTP: configuration, database, the aggregates' use cases and the import. */
@Module({})
class ImportCommandModule {
  static forRoot(core: CoreModuleOptions): DynamicModule {
    return { module: ImportCommandModule, imports: [CoreModule.forRoot(core), ImportsModule] };
  }
}

/** Logs nothing: the command speaks through its reporter (database retries are said by `openDatabase`'s own lines). */
class QuietLogger extends Logger {
  log(): void {}
  warn(message: unknown): void {
    process.stderr.write(`import: ${String(message)}\n`);
  }
}

export interface RunImportOptions {
  /** Set by the command on Ctrl-C: no record is started after it, the summary is printed, and the exit status is 130. */
  signal?: { readonly aborted: boolean };
  /** For tests: the source's requests (default: Node's fetch) and its waits between retries. */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * `npm run import -- --from URL [options]` (issue 15). Returns the exit status: 0 when every record was copied, 1 when
 * some failed or the source could not be read, 2 for usage and configuration errors, 130 when interrupted.
 */
export async function runImport(argv: readonly string[], env: NodeJS.ProcessEnv, io: ImportStreams, options: RunImportOptions = {}): Promise<number> {
  const say = (line: string) => io.stderr.write(`import: ${line}\n`);
  let args;
  try {
    args = parseImportArgs(argv);
  } catch (e) {
    if (!(e instanceof ImportUsageError)) throw e;
    say(`${e.message} (see --help)`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(`${IMPORT_USAGE}\n`);
    return 0;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    io.stderr.write(`${e.message}\n`);
    return 2;
  }
  const started = Date.now();
  const reporter = new ConsoleImportReporter(io);
  let source: TecRestSource;
  try {
    source = await TecRestSource.open({
      url: args.from,
      token: args.token,
      user: args.user,
      appPassword: args.appPassword,
      concurrency: args.concurrency,
      signal: options.signal,
      fetch: options.fetch,
      sleep: options.sleep,
      onRetry: (message) => reporter.note(message),
      onNote: (message) => reporter.note(message),
    });
  } catch (e) {
    if (!(e instanceof SourceError)) throw e;
    say(e.message);
    return 1;
  }
  // The import reads its mappings and slugs from the primary, never from a replica that lags.
  const db = primaryOnly(config.db);
  let dataSource;
  try {
    // A dry run writes nothing, not even the schema: without the mapping table everything "would be created".
    dataSource = await openCalendarDatabase(db, 5_000, new QuietLogger(), { migrate: !args.dryRun });
  } catch (e) {
    if (!(e instanceof DatabaseUnavailableError)) throw e;
    say(e.message);
    return 1;
  }
  const generatedPassword = args.protectedPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  let summary: ImportSummary;
  try {
    // No token is verified here: a verifier without keys.
    const verifier = await TokenVerifier.create({ ...config.auth, jwtSecret: undefined, jwtPublicKey: undefined, jwksUrl: undefined });
    const app = await NestFactory.createApplicationContext(ImportCommandModule.forRoot({ config, dataSource, verifier }), { logger: false });
    try {
      if (!args.dryRun) await app.get(UserDirectory).remember([args.authorId]);
      io.stderr.write(
        `import: ${args.dryRun ? 'dry run: reading' : 'copying'} ${source.key} into ${describeDatabase(db)}` +
          `${source.authenticated ? '' : ' (no credentials: published records only)'}\n`,
      );
      summary = await app.get(ImportService).run(
        source,
        {
          authorId: args.authorId,
          includeTrash: args.includeTrash,
          dryRun: args.dryRun,
          protectedPassword: args.protectedPassword ?? generatedPassword!,
          concurrency: args.concurrency,
          findHidden: args.findHidden ?? !source.isPlugin,
          signal: options.signal,
        },
        reporter,
      );
    } finally {
      reporter.stop();
      await app.close();
    }
  } finally {
    await dataSource.destroy();
  }
  for (const line of summaryLines(summary, { dryRun: args.dryRun, generatedPassword })) io.stdout.write(`${line}\n`);
  if (summary.stopped) {
    say(`stopped: ${summary.stopped}`);
    say('what was copied is kept: run the same command again to continue');
    return 1;
  }
  const ending = summary.interrupted ? 'interrupted' : args.dryRun ? 'dry run, nothing written' : 'done';
  io.stdout.write(`import: ${ending} after ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  if (summary.interrupted) return 130;
  return Object.values(summary.tallies).some((t) => t.failed > 0) ? 1 : 0;
}
