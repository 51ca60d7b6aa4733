import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-artifacts/**', 'packages/core/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // The hosted sign-in pages run in the browser; only types may come from the schemas (zod stays out of the bundle).
    files: ['packages/experience/src/**/*.{ts,tsx}'],
    ignores: ['packages/experience/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@gatehouse/schemas', message: 'Import types only in the browser bundle.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // The admin console runs in the browser (its forms validate with the schemas' zod rules).
    files: ['packages/console/src/**/*.{ts,tsx}'],
    ignores: ['packages/console/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
