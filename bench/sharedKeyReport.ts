// The table of the shared-key part: 1 to 4 n8n instances (processes) on one click key at 3/s.
import type { SharedKeyResult } from './sharedKey';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export function sharedKeyTables(results: SharedKeyResult[]): string[] {
	return [
		`Each instance is a process of its own running the Click Report's Return All (${results[0]?.pagesPerRead ?? 4} pages, through n8n-core's WorkflowExecute) again and again for ${results[0]?.seconds ?? 0} s, every one at the credential's full 3 requests per second, against the sandbox with the service's real per-second limit (3 in any second; the 5-minute cap raised out of the way). Requests, acceptances and refusals (429) are counted by the sandbox. The pace adapts to the share each instance can have (nodes/shared/transport/adaptiveShare.ts): 1, 1/2, 1/3, ... of the credential's limits. \`npm run bench -- --only=sharedKey\`; the 3-instance case is also a test (\`test/foundation/adaptive-pace.processes.alone.test.ts\`), and \`test/foundation/adaptive-pace.test.ts\` runs the same in simulated time, with the 5-minute cap too.`,
		'',
		'| Instances | Requests | Refused (429) | Accepted per second | Of the limit (3/s) | Return Alls, all complete | Final shares |',
		'|---|---|---|---|---|---|---|',
		...results.map((r) => {
			const failed = r.perInstance.reduce((sum, i) => sum + i.failed.length + i.incomplete.length, 0);
			return `| ${r.instances} | ${r.sent} | ${r.refused} (${percent(r.refusedShare)}) | ${(r.accepted / r.seconds).toFixed(2)} | ${percent(r.throughputShare)} | ${r.reads}${failed ? `, **${failed} failed or incomplete**` : ', yes'} | ${r.perInstance.map((i) => `1/${Math.round(1 / i.finalShare)}`).join(', ')} |`;
		}),
	];
}
