// Whether n8n tried to reach its own servers (api.n8n.io and the like): the calls n8nEnv switches
// off (scripts/n8n-runtime/runtime.mjs). On a closed network, as for `npm start` on an offline
// machine, each such call that gets through prints a failure and a stack trace in the terminal.
// The end-to-end test reads n8n's whole output and what its outbound proxy refused.

/** A host of n8n's services; docs.n8n.io only appears in n8n's messages as a link to read. */
const N8N_SERVICE_HOST = /\b(?!docs\.)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.n8n\.(?:io|cloud)\b/i;

/**
 * Stack frames in n8n's modules that call its servers: the community node listing (through
 * strapi-utils), the MCP registry, the telemetry proxy, the license service.
 */
const CALL_HOME_FRAME = /^\s*at .*\/node_modules\/n8n\/(?:src|dist)\/(?:utils\/strapi-utils|modules\/community-packages\/community-node-types|modules\/mcp-registry\/|controllers\/telemetry|license\/)/;

const STACK_FRAME = /^\s*at \S/;

/**
 * The lines of n8n's output (prefixes such as `[n8n] ` allowed) that come from a call to n8n's
 * servers: a line naming one of its hosts, and every line of a stack trace whose message names
 * one or whose frames run through a module calling them (the message line included).
 */
export function callHomeLines(lines) {
	const text = lines.map((line) => line.replace(/^\[[\w -]+\] /, ''));
	const found = new Set();
	for (let index = 0; index < text.length; index++) {
		if (N8N_SERVICE_HOST.test(text[index])) found.add(index);
		if (!STACK_FRAME.test(text[index]) || STACK_FRAME.test(text[index - 1] ?? '')) continue;
		let end = index;
		while (end < text.length && STACK_FRAME.test(text[end])) end++;
		const message = text[index - 1] ?? '';
		if (N8N_SERVICE_HOST.test(message) || text.slice(index, end).some((frame) => CALL_HOME_FRAME.test(frame))) {
			for (let line = Math.max(0, index - 1); line < end; line++) found.add(line);
		}
		index = end - 1;
	}
	return [...found].sort((a, b) => a - b).map((index) => lines[index]);
}

/** Throws unless n8n's output and the outbound proxy's refusals show no call to n8n's servers. */
export function checkNoCallHome({ lines, refused }) {
	const noisy = callHomeLines(lines);
	const hosts = refused.filter((request) => N8N_SERVICE_HOST.test(request));
	if (noisy.length || hosts.length) {
		throw new Error(
			`n8n tried to reach its own servers: ${hosts.length} request(s) refused by the proxy (${[...new Set(hosts)].join(', ')}), ` +
				`${noisy.length} line(s) of its output about it:\n${noisy.slice(0, 40).join('\n')}`,
		);
	}
	return `n8n called none of its own servers: 0 of ${lines.length} lines of its output, 0 of ${refused.length} requests its proxy refused`;
}
