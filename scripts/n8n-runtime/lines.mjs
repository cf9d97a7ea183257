// The n8n release lines the package is tested on, each installed from its own committed wrapper
// (package.json and lock) into the runtime cache. `N8N_LINE=1` picks the last 1.x line for
// `npm start` and the end-to-end tests; the default is 2.x (README, "Compatibility").
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export const N8N_LINES = {
	2: { line: 2, version: '2.41.1', wrapperDir: here },
	// The last 1.x line. Its wrapper maps `xlsx` to the same library on the npm registry, because
	// n8n-nodes-base fetches it from outside the registry, which CI cannot reach.
	1: { line: 1, version: '1.123.81', wrapperDir: join(here, 'v1') },
};

/** The line `N8N_LINE` names (1 or 2; default 2). */
export function n8nLine(value = process.env.N8N_LINE) {
	const key = value === undefined || value === '' ? '2' : String(value).trim();
	const line = N8N_LINES[key];
	if (!line) throw new Error(`N8N_LINE must be 1 or 2, got ${JSON.stringify(value)}`);
	return line;
}
