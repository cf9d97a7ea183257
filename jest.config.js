/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/sandbox/dist/', '<rootDir>/bench/dist/'],
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }] },
	testTimeout: 60_000,
	maxWorkers: 2,
	// Every skipped test is listed with its reason, and kept for CI's summary of skips (the reporter's header).
	reporters: ['default', ['<rootDir>/test/harness/skipReporter.mjs', { line: 2 }]],
};
