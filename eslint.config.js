import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.data', '.tmp', 'web/dist', 'coverage'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import zod as `import * as z from '#shared/zod.ts'` (tree-shakable; see shared/zod.ts)." }] },
      ],
    },
  },
  { files: ['shared/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
);
