// The repo's rules, plus the bulletproof-react import direction for this app:
// shared (components, lib, config) -> features -> app; a feature never imports another feature.
import root from '../../eslint.config.mjs';

const FEATURES = ['auth', 'dashboard', 'orders', 'users', 'products', 'categories', 'blogs'];

export default [
  ...root,
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!${feature}/)(?!\\.)`,
              message: 'Features do not import each other; move shared code to src/lib or src/components.',
            },
            { regex: '^\\.\\./\\.\\./app/', message: 'Features do not import from src/app.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./features/', message: 'Shared code does not import features.' },
            { regex: '^\\.\\./app/', message: 'Shared code does not import from src/app.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
];
