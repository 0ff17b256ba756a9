import 'reflect-metadata';
import { runImport } from './run-import';

/**
 * `npm run import -- --from <namespace URL> [options]` (`--help` lists them). Ctrl-C once: no new record is started,
 * the summary is printed (exit status 130) and a new run continues from there; twice: exits at once, which is safe too
 * (each copy is written with its mapping in one transaction).
 */
const signal = { aborted: false };
process.on('SIGINT', () => {
  if (signal.aborted) process.exit(130);
  signal.aborted = true;
  process.stderr.write('\nimport: stopping after the records in progress (Ctrl-C again to quit at once)\n');
});

runImport(process.argv.slice(2), process.env, { stdout: process.stdout, stderr: process.stderr }, { signal })
  .then((code) => process.exit(code))
  .catch((error) => {
    process.stderr.write(`import error: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
