/**
 * The fuzz worker: a plain Node process (started by fuzz.test.ts with tsRegister.cjs) that runs
 * the cases it is given and reports each on stdout (protocol.ts). It starts the stage (stage.ts:
 * the sandboxes behind the fuzz proxy), says it is ready, takes its one work order from stdin and
 * runs the cases (caseA.ts, caseB.ts) so many at a time, each within a time limit.
 *
 * A heartbeat line every 250 ms lets the parent see a blocked event loop; a case that crashes the
 * process takes only this worker down, and the parent names it.
 */
import '../harness/env';

import { runA } from './caseA';
import { runB } from './caseB';
import { captureLogs, strayLogs } from './caseLogs';
import { coverage } from './coverage';
import { clip, type Judged } from './invariant';
import { planCases, type FuzzCase } from './plan';
import { LINE_PREFIX, type CaseReport, type WorkerEvent, type WorkOrder } from './protocol';
import { secretsOf, startStage, type Stage } from './stage';

const CASE_TIMEOUT_MS = 30_000;

const emit = (event: WorkerEvent) => process.stdout.write(`${LINE_PREFIX}${JSON.stringify(event)}\n`);

async function runCase(c: FuzzCase, stage: Stage): Promise<CaseReport> {
	const started = Date.now();
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<Judged>((resolve) => {
		timer = setTimeout(
			() => resolve({ verdict: 'violation', violations: [{ kind: 'case-timeout', caseId: c.id, detail: `still running after ${CASE_TIMEOUT_MS / 1000} s` }], requests: 0, summary: 'timed out' }),
			CASE_TIMEOUT_MS,
		);
	});
	try {
		const judged = await Promise.race([c.cls === 'A' ? runA(c, stage) : runB(c, stage), timeout]);
		return { id: c.id, logLines: 0, ...judged, ms: Date.now() - started };
	} catch (error) {
		const detail = `the fuzzer itself failed: ${(error as Error).stack ?? String(error)}`;
		return { id: c.id, verdict: 'violation', violations: [{ kind: 'baseline-failed', caseId: c.id, detail }], requests: 0, summary: detail, ms: Date.now() - started, logLines: 0 };
	} finally {
		clearTimeout(timer);
	}
}

function firstLine(): Promise<string> {
	return new Promise((resolve, reject) => {
		let text = '';
		process.stdin.setEncoding('utf8');
		process.stdin.on('data', (chunk: string) => {
			text += chunk;
			if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
		});
		process.stdin.on('end', () => reject(new Error('stdin closed before the work order')));
	});
}

async function main() {
	const heartbeat = setInterval(() => emit({ t: 'hb' }), 250);
	process.on('unhandledRejection', (reason) => {
		emit({ t: 'violation', violation: { kind: 'unhandled-rejection', caseId: '(worker)', detail: clip(String((reason as Error)?.stack ?? reason), 500) } });
	});
	captureLogs();
	const seed = Number(process.env.FUZZ_SEED);
	const extra = Number(process.env.FUZZ_CASES);
	const planned = new Map(planCases({ seed, extra }).map((c) => [c.id, c]));

	const stage = await startStage();
	emit({ t: 'ready' });
	// Ready before it has work: the parent keeps a worker warm, to take over at once from one that died.
	const work = JSON.parse(await firstLine()) as WorkOrder;
	if (work.coverage) for (const violation of coverage(stage.b.world)) emit({ t: 'violation', violation });
	const cases = work.ids.map((id) => {
		const found = planned.get(id);
		if (!found) throw new Error(`The plan for seed ${seed} has no case ${id}`);
		return found;
	});

	let next = 0;
	const lane = async () => {
		while (next < cases.length) {
			const c = cases[next++];
			emit({ t: 'start', id: c.id });
			emit({ t: 'end', report: await runCase(c, stage) });
		}
	};
	await Promise.all(Array.from({ length: Math.max(1, work.concurrency) }, lane));
	for (const line of strayLogs) {
		for (const secret of secretsOf(stage.b.sandbox)) {
			if (secret.length >= 8 && line.includes(secret)) emit({ t: 'violation', violation: { kind: 'secret-visible', caseId: '(worker)', detail: 'a secret is in a log line of no case' } });
		}
	}
	emit({ t: 'done' });
	clearInterval(heartbeat);
	process.exit(0);
}

main().catch((error) => {
	process.stderr.write(`fuzz worker failed: ${(error as Error).stack ?? String(error)}\n`);
	process.exit(2);
});
