import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import * as cluster from 'node:cluster';
import * as os from 'node:os';
import * as path from 'node:path';
import { createApp } from './app.factory';
import { AppConfig, ConfigError, DEFAULT_SQLITE_PATH, loadConfig } from './config/app-config';
import { DatabaseUnavailableError } from './database/database';
import { openCalendarDatabase } from './calendar-database';
import { signDevelopmentToken } from './shared/auth/token-verifier';
import { runClusterPrimary } from './operations/cluster/run-primary';
import { routeNestLogsTo } from './operations/logging/nest-json-logs';
import { createRootLogger } from './operations/logging/root-logger';
import { prettyLogStream, wantsPrettyLogs } from './operations/logging/pretty-logs';
import { developmentTokenBlock } from './development-token-block';
import { developmentSecret, developmentSecretFile } from './development-secret';
import { exitGracefullyOnSignals } from './operations/shutdown/graceful-shutdown';

const logger = new Logger('Bootstrap');

function readConfigOrExit(): AppConfig {
  try {
    return loadConfig(process.env, os.availableParallelism());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Development convenience (CONTRACT §2.3): no key configured outside production → the development secret (made once,
 * kept beside the SQLite file) and a ready token, which `announce` shows as a short block on a terminal and as a log
 * line elsewhere, once the service listens.
 */
async function withDevelopmentSecret(config: AppConfig, onTerminal: boolean): Promise<{ config: AppConfig; announce: () => void }> {
  if (!config.auth.developmentSecret) {
    if (!config.auth.jwtSecret && !config.auth.jwtPublicKey && !config.auth.jwksUrl) {
      logger.warn('No AUTH_JWT_SECRET, AUTH_JWT_PUBLIC_KEY or AUTH_JWKS_URL: the service is read-only');
    } else if (config.auth.jwtSecret && Buffer.byteLength(config.auth.jwtSecret) < 32) {
      logger.warn('AUTH_JWT_SECRET is shorter than 32 bytes');
    }
    return { config, announce: () => undefined };
  }
  const file = developmentSecretFile(config.db.type === 'sqlite' ? config.db.sqlitePath : DEFAULT_SQLITE_PATH);
  const secret = developmentSecret(file);
  const token = await signDevelopmentToken(secret, 1, 'administrator', 24 * 3600);
  const api = `${config.publicUrl}${config.apiPrefix}/calendar/events/v1`;
  const announce = () => {
    if (onTerminal) {
      process.stdout.write(developmentTokenBlock(token, api, `${config.publicUrl}/docs`, path.relative(process.cwd(), file)));
      return;
    }
    logger.log(
      `Development mode: no AUTH_* key configured, so tokens are signed with the development secret kept in ${file}.\n` +
        `Administrator token (user 1, valid 24 h): ${token}\n` +
        `Try: curl -X POST ${api}/events -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" ` +
        `-d '{"title":"Hello","start_date":"tomorrow 10am","end_date":"tomorrow 11am"}'\n` +
        `Explorer: ${config.publicUrl}/docs`,
    );
  };
  return { config: { ...config, auth: { ...config.auth, jwtSecret: secret, users: [...new Set([...config.auth.users, 1])] } }, announce };
}

/** What workers inherit from the primary: the development secret must be the same in every worker. */
function workerEnv(config: AppConfig): Record<string, string> {
  if (!config.auth.developmentSecret || !config.auth.jwtSecret) return {};
  return { AUTH_JWT_SECRET: config.auth.jwtSecret, AUTH_USERS: config.auth.users.join(',') };
}

async function bootstrap(): Promise<void> {
  const loaded = readConfigOrExit();
  const onTerminal = wantsPrettyLogs(loaded.nodeEnv);
  const log = createRootLogger(loaded.logLevel, onTerminal ? prettyLogStream() : undefined);
  routeNestLogsTo(log);
  const { config, announce } = await withDevelopmentSecret(loaded, onTerminal);
  if (config.workers > 1 && cluster.default.isPrimary) {
    announce();
    await runClusterPrimary(config, log, workerEnv(config));
    return;
  }
  let dataSource;
  try {
    // A cluster worker leaves the schema to the primary, which migrated before forking it (run-primary.ts).
    dataSource = await openCalendarDatabase(config.db, undefined, undefined, { migrate: !cluster.default.isWorker });
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) {
      process.stderr.write(`startup error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config, { dataSource, log, clusterWorker: cluster.default.isWorker });
  exitGracefullyOnSignals(app, dataSource, config.shutdownGraceMs, log);
  // The server's limits and timeouts (64 KiB header blocks, slow clients, keep-alive) are set where createApp makes it
  // (ContractExpressAdapter), so the e2e tests' server is this one.
  await app.listen(config.port, config.host);
  logger.log(`Listening on ${config.host}:${config.port}; public address ${config.publicUrl}${config.apiPrefix}`);
  announce(); // last: on a terminal the token and the explorer's address stay in view
}

bootstrap().catch((error) => {
  process.stderr.write(`startup error: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
