/**
 * The fuzz worker's log capture: every message n8n's logger is given goes to the case it was
 * logged for (found through async context), to be searched for secrets; what belongs to no case
 * is kept apart and searched at the end.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { dirname } from 'node:path';

export interface CaseLogs {
	logs: string[];
}

const current = new AsyncLocalStorage<CaseLogs>();
export const strayLogs: string[] = [];

/** Runs `work` with what n8n logs meanwhile going to `logs`. */
export const withCaseLogs = <T>(logs: CaseLogs, work: () => T): T => current.run(logs, work);

/** Every level's messages are captured (the level only decides what is printed). */
export function captureLogs() {
	// n8n-core has its own copy of @n8n/backend-common: its Logger is the one node contexts use.
	const own = require.resolve('@n8n/backend-common', { paths: [dirname(require.resolve('n8n-core'))] });
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { Logger } = require(own) as typeof import('@n8n/backend-common');
	// `log` is private in the type: every level's method calls it, whatever the level lets through.
	type Log = (this: unknown, level: string, message: string, metadata: object) => void;
	const prototype = Logger.prototype as unknown as { log: Log };
	const log = prototype.log;
	prototype.log = function (level, message, metadata) {
		let line = `${level}: ${message}`;
		try {
			line += ` ${JSON.stringify(metadata)}`;
		} catch {
			// Metadata that does not serialize: the message is what a log would show.
		}
		(current.getStore()?.logs ?? strayLogs).push(line);
		return log.call(this, level, message, metadata);
	};
}
