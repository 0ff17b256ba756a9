// The browser tier (`npm run test:browser`): Debian's chromium driven by playwright-core against the real service.
// Kept out of `npm test`, which must run with Node alone.
module.exports = {
  rootDir: '../..',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  testTimeout: 120000,
};
