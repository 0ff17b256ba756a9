// The tests StrykerJS runs against each mutant (npm run test:mutation): the unit project only — pure rules and
// in-memory adapters, fast enough to run per mutant. The e2e tests boot the app, which covers every rule file at once.
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.test.json', isolatedModules: true }];
module.exports = {
  rootDir: '../..',
  transform: { '^.+\\.ts$': tsJest },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts', '<rootDir>/test/contracts/**/*.spec.ts'],
};
