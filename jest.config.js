// Two projects: fast unit tests (pure code, in-memory adapters) and e2e tests that boot the real app on a real database
// (SQLite by default, MySQL when TEST_MYSQL_URL is set).
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json' }];
const common = {
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
};
module.exports = {
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/test/contracts/**/*.spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
    // Races of real concurrent HTTP requests against the real app, then checks of the database (issue 13).
    { ...common, displayName: 'concurrency', testMatch: ['<rootDir>/test/concurrency/**/*.spec.ts'] },
    // Only in the MySQL tier, which sets TEST_MYSQL_URL: tests that need a MySQL server of their own making (read
    // replicas), or MariaDB's binaries (a private mariadbd they stop and restart).
    ...(process.env.TEST_MYSQL_URL
      ? [
          { ...common, displayName: 'mysql', testMatch: ['<rootDir>/test/mysql/**/*.spec.ts'] },
          { ...common, displayName: 'mariadb-server', testMatch: ['<rootDir>/test/mariadb-server/**/*.spec.ts'] },
        ]
      : []),
  ],
};
