/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/sandbox/dist/', '<rootDir>/bench/dist/'],
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 60_000,
	// The suites mostly wait on the sandbox's clocks and the nodes' pacing (a suite of 83 s spends 10 s
	// on the CPU), so 4 workers share the 2 cores of CI: `npm test` takes about 6 minutes less.
	maxWorkers: 4,
	// Every skipped test is listed with its reason, and kept for CI's summary of skips (the reporter's header).
	reporters: ['default', ['<rootDir>/test/harness/skipReporter.mjs', { line: 2 }]],
};
