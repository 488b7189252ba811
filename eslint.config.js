import { builtinModules } from 'node:module'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name="only"]', message: 'No focused tests.' },
      ],
    },
  },
  {
    // Only the shell and the preload may touch Electron; everything else must run in plain Node.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/main/shell/**', 'src/preload/**', 'src/main/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'Only src/main/shell may import electron.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          // Node's modules by their bare names too (`fs` as well as `node:fs`): exact names, since a
          // pattern `domain` would also match `@shared/domain/…`.
          paths: builtinModules.map((name) => ({
            name,
            message: 'The renderer has no Node and no main-process code.',
          })),
          patterns: [
            {
              group: ['node:*', '**/main/**', 'electron', 'electron/*'],
              message: 'The renderer has no Node and no main-process code.',
            },
          ],
        },
      ],
    },
  },
)
