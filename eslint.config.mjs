// Lint: TypeScript recommended rules plus the layering rule of ARCHITECTURE.md (principle 2): the domain imports no
// framework, application services import nothing of the framework but @nestjs/common, and neither application nor
// infrastructure code imports HTTP code (ARCHITECTURE.md: validate once, at the edge).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const FRAMEWORK = ['@nestjs/*', 'typeorm', 'typeorm/*', 'class-validator', 'express', 'mysql2', 'mysql2/*', 'better-sqlite3'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.build-*/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: FRAMEWORK, message: 'The domain is plain TypeScript: no framework, ORM or HTTP imports.' }] },
      ],
    },
  },
  {
    files: ['src/**/application/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: FRAMEWORK.filter((p) => p !== '@nestjs/*').concat(['@nestjs/*', '!@nestjs/common']),
              message: 'Application services may import @nestjs/common (Injectable/Inject) and nothing else of the framework.',
            },
            { group: ['**/infrastructure/**', '**/http/**'], message: 'Application code depends on ports, not adapters.' },
          ],
        },
      ],
    },
  },
  {
    // Adapters plug into ports; they never reach into another module's HTTP layer (DTOs, presenters, controllers).
    files: ['src/**/infrastructure/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/**'], message: 'Infrastructure adapters depend on ports and domain types, not on HTTP code.' }] },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
