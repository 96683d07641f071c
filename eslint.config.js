import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'test-results', 'playwright-report', 'src-main/db/migrations', 'test/cli/fixtures'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // One date formatter for the console (issue 31): every moment goes through lib/date-time.ts, so the
    // operator's choice of zone (theirs or UTC) holds on every page and no page invents a fifth format.
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/lib/date-time.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(NewExpression, CallExpression)[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Write dates with formatAt() from src-renderer/lib/date-time.ts: it follows the console\'s time zone setting.',
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(toISOString|toLocaleDateString|toLocaleTimeString|toUTCString|toDateString|toTimeString|get(UTC)?(FullYear|Month|Date|Day|Hours|Minutes|Seconds))$/]',
          message: 'Write dates with formatAt() (or toZoneInput/toUtcInput for inputs) from src-renderer/lib/date-time.ts: it follows the console\'s time zone setting.',
        },
        {
          selector: "CallExpression[callee.property.name='toLocaleString'][arguments.length>0]",
          message: 'A toLocaleString with options is a hand-made date format: use formatAt() from src-renderer/lib/date-time.ts.',
        },
      ],
    },
  },
  {
    // Tests read JSON response bodies of many shapes and assert them by value.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src-main/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/db/*', '**/db/**'], message: 'Transports call services; SQL lives in db/ (DESIGN.md rule 1).' }] },
      ],
    },
  },
);
