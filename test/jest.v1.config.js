/**
 * The jest run of `npm run test:v1`: every suite, with `n8n-core` and `n8n-workflow` of the last
 * n8n 1.x line (scripts/n8n-libraries-v1/test.mjs installs them and sets N8N_V1_MODULES), for the tests
 * and the nodes alike. `test/harness/line.ts` tells a test which line it runs on; a test skipped on
 * it says why (`test/harness/skipByLine.ts`), and the reporter lists it.
 */
const base = require('../jest.config.js');

const modules = process.env.N8N_V1_MODULES;
if (!modules) throw new Error('N8N_V1_MODULES is not set: run `npm run test:v1`');

module.exports = {
	...base,
	rootDir: '..',
	moduleNameMapper: {
		'^n8n-core$': `${modules}/n8n-core`,
		'^n8n-core/(.*)$': `${modules}/n8n-core/$1`,
		'^n8n-workflow$': `${modules}/n8n-workflow`,
		'^n8n-workflow/(.*)$': `${modules}/n8n-workflow/$1`,
	},
	reporters: ['default', ['<rootDir>/test/harness/skipReporter.mjs', { line: 1 }]],
	// Type-checked against 2.x by `npm test` already; here only the behaviour counts.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json', diagnostics: false }] },
};
