import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'src/generated', '.data', 'coverage', 'dist', 'web/dist', 'web/src/generated', 'test-results'] },
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
      // Hashing is pure computation (the keyed generator, fairness commitments); everything else of
      // node:crypto is randomness or keys from outside the game, and the rest of node: is I/O.
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'node:crypto', allowImportNames: ['createHash', 'createHmac'], message: 'The engine draws only from the keyed generator in game state.' }],
          patterns: [{ group: ['node:*', '!node:crypto', 'fs', 'path', 'pg', '../../store/*', '../../service/*', '../../api/*'] }],
        },
      ],
    },
  },
);
