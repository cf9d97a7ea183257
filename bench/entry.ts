// The end of a bench entry that runs in a process of its own (trigger.ts, claimTrigger.ts): its one
// result, or its error, to the parent over IPC; then the test harness's n8n user folder removed.
import { rmSync } from 'node:fs';

export function reportToParent(work: Promise<unknown>): void {
	work
		.then((result) => process.send!({ type: 'result', result }))
		.catch((error) => {
			process.send!({ type: 'result', result: { error: (error as Error).stack ?? String(error) } });
		})
		.finally(() => {
			if (process.env.N8N_USER_FOLDER?.includes('n8n-affiliate-test-')) {
				rmSync(process.env.N8N_USER_FOLDER, { recursive: true, force: true });
			}
			setTimeout(() => process.exit(0), 100);
		});
}
