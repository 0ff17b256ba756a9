// The memory tier (`npm run test:memory`): the service started as `npm start` starts it (its heap flags), on SQLite and on
// MariaDB (TEST_MYSQL_URL, default the local server; unreachable fails loudly), under the loads that once exhausted its
// memory: dropped pipelines and many readers of very large answers. Not part of `npm test`: it seeds 50 MB of text.
module.exports = {
  rootDir: '../..',
  testMatch: ['<rootDir>/test/memory/**/*.memory-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  testTimeout: 300000,
  maxWorkers: 1, // one service under load at a time: the peaks measured are its own
};
