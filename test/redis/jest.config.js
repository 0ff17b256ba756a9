// The Redis tier (`npm run test:redis`, issue 17): service instances as real processes sharing a redis-server that each
// test starts itself (Debian's `redis-server`; REDIS_SERVER_BIN overrides the path). Not part of `npm test`, which needs
// nothing but Node.js.
module.exports = {
  rootDir: '../..',
  testMatch: ['<rootDir>/test/redis/**/*.redis-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  testTimeout: 180000,
  maxWorkers: 1, // each file runs several service processes: one file at a time on a small machine
};
