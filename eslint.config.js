import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'src/generated', '.data', 'coverage', 'dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules engine is pure: no clock, no global randomness, no I/O.
    files: ['src/games/**/*.ts', 'src/platform/**/*.ts'],
    rules: {
      'no-restricted-globals': ['error', 'Date', 'setTimeout', 'setInterval', 'fetch', 'process'],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the seeded PRNG in game state.' }],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'pg', '../../store/*', '../../service/*', '../../api/*'] }],
    },
  },
);
