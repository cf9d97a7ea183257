// The end-to-end checks one n8n line cannot run, skipped there by name, each with its reason: the
// runner prints them and keeps them in test-output/skips/e2e-<line>.json for the summary .ci/run
// ends with (scripts/ci/skips.mjs). A check is skipped because of the line alone, never because
// something it needs came back empty.
import { recordSkips } from '../ci/skipRecords.mjs';

/** What n8n 1.x lacks, by check. */
const NOT_ON_N8N_1 = {
	mcp: {
		title: 'AI agent tools: the MCP server example (ai-agent-tools.json) published, called by an MCP client and by the one of docs/ai-agents.md, and opened in the editor',
		reason: 'its MCP Server Trigger is at version 2.1 (the Instructions field), which only n8n 2.x has; n8n 1.x goes up to version 2',
	},
	searchDescriptions: {
		title: "editor, what a new user meets: each node search entry's description names the node's actions as well as the trigger",
		reason: "n8n 1.x's node search shows no description under an entry (its editor's NodeItem leaves it out in the top-level search)",
	},
};

/** The checks `line` skips: `runs(check)` says whether one runs; `skipped` lists the others. */
export function lineSkips(line) {
	const skipped = line === 1 ? NOT_ON_N8N_1 : {};
	return { runs: (check) => !(check in skipped), skipped: Object.values(skipped) };
}

/** Keeps what the run on `line` skipped, and whether it failed, for the summary of all suites. */
export const recordE2eSkips = (line, skipped, ok) =>
	recordSkips({ suite: 'e2e', line, sources: { 'scripts/e2e/run.mjs': { skipped, failed: ok ? 0 : 1 } } });
