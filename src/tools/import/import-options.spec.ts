import { IMPORT_USAGE, ImportUsageError, parseImportArgs } from './import-options';

describe('npm run import options (issue 15)', () => {
  const from = ['--from', 'https://site.example/wp-json/tribe/events/v1'];

  it('defaults: author 1, concurrency 4, no trash, not a dry run, hidden events decided by the source', () => {
    expect(parseImportArgs(from)).toEqual({
      help: false,
      from: from[1],
      token: undefined,
      user: undefined,
      appPassword: undefined,
      authorId: 1,
      includeTrash: false,
      concurrency: 4,
      dryRun: false,
      protectedPassword: undefined,
      findHidden: undefined,
    });
  });

  it('every option, as `--name value` or `--name=value`', () => {
    const args = parseImportArgs([
      `--from=${from[1]}`, '--user', 'admin', '--app-password=ab cd ef', '--author', '7', '--include-trash',
      '--concurrency', '8', '--dry-run', '--protected-password', 's3cret', '--no-find-hidden',
    ]);
    expect(args).toMatchObject({ user: 'admin', appPassword: 'ab cd ef', authorId: 7, includeTrash: true, concurrency: 8, dryRun: true, protectedPassword: 's3cret', findHidden: false });
    expect(parseImportArgs([...from, '--token', 'abc', '--find-hidden'])).toMatchObject({ token: 'abc', findHidden: true });
  });

  it('refuses what cannot work, naming the option', () => {
    const refused: Array<[string[], string]> = [
      [[], '--from is required'],
      [['--from', 'site.example'], '--from must be an http or https URL'],
      [['--from', 'ftp://site.example/x'], '--from must be an http or https URL'],
      [[...from, '--user', 'admin'], '--user and --app-password go together'],
      [[...from, '--token', 't', '--user', 'u', '--app-password', 'p'], 'either --token or --user/--app-password'],
      [[...from, '--concurrency', '0'], '--concurrency must be an integer from 1 to 32'],
      [[...from, '--author', 'x'], '--author must be an integer'],
      [[...from, '--dry-run=yes'], '--dry-run takes no value'],
      [[...from, '--token'], '--token needs a value'],
      [[...from, '--verbose'], 'unknown option "--verbose"'],
      [[...from, 'extra'], 'unexpected argument "extra"'],
      [[...from, '--find-hidden', '--no-find-hidden'], 'contradict'],
    ];
    for (const [argv, message] of refused) {
      expect(() => parseImportArgs(argv)).toThrow(ImportUsageError);
      expect(() => parseImportArgs(argv)).toThrow(message);
    }
  });

  it('--help (or -h) needs nothing else, and the usage names every option', () => {
    expect(parseImportArgs(['--help']).help).toBe(true);
    expect(parseImportArgs(['-h']).help).toBe(true);
    for (const option of ['--from', '--token', '--user', '--app-password', '--author', '--include-trash', '--concurrency', '--protected-password', '--find-hidden', '--no-find-hidden', '--dry-run', '--help']) {
      expect(IMPORT_USAGE).toContain(option);
    }
  });
});
