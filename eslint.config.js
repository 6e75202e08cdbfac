import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Who may import whom in src/web (docs/decisions/009-web-boundaries.md). `no-restricted-imports` sees the
 * import as written, not the file it resolves to, so the rules are generated per folder from what `../` means
 * there. A later entry that sets the rule replaces an earlier one, so each entry repeats the web-wide ban.
 */
const WEB_FEATURES = 'src/web/features';
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const noServer = { regex: '(^|/)server(/|$)', message: 'The web app does not import server code.' };
const noFeature = {
  regex: '(^|/)features(/|$)',
  message: 'components/ and lib/ are shared: they import no feature (pass what they need as props).',
};

/** Every folder of a feature, with how many `../` lead from it to src/web/features. */
function featureFolders(feature) {
  const folders = [];
  const visit = (relative, depth) => {
    folders.push({ relative, depth });
    for (const entry of readdirSync(`${import.meta.dirname}/${WEB_FEATURES}/${relative}`, {
      withFileTypes: true,
    })) {
      if (entry.isDirectory()) visit(`${relative}/${entry.name}`, depth + 1);
    }
  };
  visit(feature, 1);
  return folders;
}

function webBoundaryRules() {
  const restrict = (files, patterns) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const features = readdirSync(`${import.meta.dirname}/${WEB_FEATURES}`, { withFileTypes: true }).filter(
    (entry) => entry.isDirectory(),
  );
  return [
    restrict(['src/web/**/*.{ts,tsx}'], [noServer]),
    restrict(['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'], [noServer, noFeature]),
    restrict(
      ['src/web/service-worker/**/*.{ts,tsx}'],
      [
        noServer,
        {
          regex: '(^|/)(features|components|lib|pages)(/|$)|^react',
          message: 'The service worker runs without a page: it imports contracts and domain only.',
        },
      ],
    ),
    ...features.flatMap(({ name }) =>
      featureFolders(name).map(({ relative, depth }) => {
        const toFeatures = escapeRegExp('../'.repeat(depth));
        const other = `(?!${escapeRegExp(name)}/)[^./]`;
        return restrict(
          [`${WEB_FEATURES}/${relative}/*.{ts,tsx}`],
          [
            noServer,
            {
              regex: `^(${toFeatures}${other}|${toFeatures}\\.\\./features/${other})`,
              message: `A feature imports no other feature: move what ${name} shares into lib/ or components/, or let the page pass it in.`,
            },
          ],
        );
      }),
    ),
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'data', '.test-data', 'node_modules', 'src/server/db/migrations', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The build and operator scripts are plain JavaScript outside tsconfig: each is typed as its own small
        // project (more than typescript-eslint's default of 8 files since the icon and service-worker steps).
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  ...webBoundaryRules(),
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            '**/contracts/**',
            '**/server/**',
            '**/web/**',
            'react',
            'fastify',
            'pg',
            'drizzle-orm*',
          ],
        },
      ],
    },
  },
  {
    // Features talk to each other through services, never another feature's repository.
    files: ['src/server/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/repository', '../../features/*/repository'],
              message: "Call the feature's service.",
            },
          ],
        },
      ],
    },
  },
  {
    // General helpers and vendor adapters know no feature.
    files: ['src/server/lib/**/*.ts', 'src/server/providers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'lib/ and providers/ import no feature.' }] },
      ],
    },
  },
  {
    files: ['src/server/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/providers/**'],
              message: 'lib/ is free of features and providers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*'] }],
    },
  },
  {
    // Every text a request carries is `text()` of src/contracts/text.ts (length bound, no NUL, lone surrogates
    // or control characters): no raw z.string() in a request schema, and none shaped as input (trimmed, bounded).
    files: ['src/contracts/**/*.ts', 'src/server/features/**/routes.ts'],
    ignores: ['src/contracts/text.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[id.name=/(Request|Query|Params)$/] CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'A request schema takes text as text({ field, max }) from src/contracts/text.ts.',
        },
        {
          selector:
            "MemberExpression[property.name=/^(trim|min|max|length|nonempty|refine|toUpperCase|toLowerCase|pipe)$/] > CallExpression.object[callee.object.name='z'][callee.property.name='string']",
          message: 'Text a request sends is text({ field, max }) from src/contracts/text.ts.',
        },
      ],
    },
  },
  {
    files: ['src/server/features/**/routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: 'Request schemas live in src/contracts and take text as text({ field, max }).',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
