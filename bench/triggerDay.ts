// The trigger's simulated day at one skew of the service's clock: changes at a steady rate (half
// updates of known items, 5% of the new ones late, ties on updatedAt), a poll every interval, and
// one quiet stretch of idle polls; every version judged by the ledger. The sandbox's limits are on
// and the credential sets the same ones, so a 429 is a fault of the trigger's pacing.
import type { TriggerState } from '../nodes/ClickReportTrigger/state';
import { Rng } from '../sandbox/prng';
import type { ClickItem } from '../sandbox/server';
import { median, refusalDetail } from './common';
import { startBenchSandbox } from './benchSandbox';
import { SimulatedService, spreadTimes } from './simulatedService';
import { Ledger, type Verdicts } from './triggerLedger';

const MINUTE = 60_000;
/** Refusals and failed polls listed in the report, at most. */
export const MAX_LISTED = 10;

export interface DayTask {
	hours: number;
	changesPerHour: number;
	pollMinutes: number;
	lookbackMinutes: number;
	/** Polls in a row with no change, added in the middle of the day: what an idle poll costs. */
	quietPolls: number;
	/** The service's limits, and the credential's: the same on both sides. */
	requestsPerSecond: number;
	requestsPer5Min: number;
}

export interface TriggerDayTask {
	kind: 'triggerDay';
	day: DayTask;
	/** The service's clock minus n8n's. */
	skewMinutes: number;
}

export interface DayResult extends Verdicts {
	skewMinutes: number;
	/** The trigger's own estimate of the skew at the end of the day (its state's clockOffsetMs). */
	measuredSkewMinutes?: number;
	polls: number;
	requests: number;
	requestsPerPoll: { median: number; max: number };
	/** Over every 5 consecutive minutes of polls. */
	maxRequestsPer5Min: number;
	/** The quiet stretch; `fullRead`: the periodic full read of the window ran in that poll. */
	idlePolls: Array<{ poll: number; requests: number; fullRead: boolean }>;
	throttled: number;
	refusals: string[];
	failedPolls: string[];
	cpuMsPerPoll: { median: number; max: number };
	hourly: Array<{ hour: number; stateBytes: number; remembered: number; requests: number }>;
	finalStateBytes: number;
	/** Over every poll of the day. */
	maxStateBytes: number;
	finalRemembered: number;
	realSeconds: number;
}

type Harness = typeof import('../test/harness/run');
type Trigger = ReturnType<Harness['createTrigger']>;
type Emitted = Array<Array<{ json: { id: string; updatedAt: string } }>> | null;

/** One poll and the versions it emitted; a failed poll emits none, and the first few failures are noted. */
export async function pollVersions(trigger: Trigger, poll: number, failedPolls: string[]): Promise<Array<{ id: string; updatedAt: string }>> {
	try {
		const output = (await trigger.poll()) as Emitted;
		return (output?.[0] ?? []).map((item) => item.json);
	} catch (error) {
		// A failed poll commits nothing: the next one reads the same changes again.
		if (failedPolls.length < MAX_LISTED) failedPolls.push(`poll ${poll}: ${(error as Error).message}`);
		return [];
	}
}

const clickState = (trigger: Trigger) =>
	(trigger.workflow.staticData['node:Click Report Trigger'] as { clickReport?: TriggerState } | undefined)?.clickReport;

const remembered = (state: TriggerState | undefined) => Object.values(state?.emitted ?? {}).reduce((sum, ids) => sum + ids.length, 0);

/** The changes of one poll interval, stamped by the service's clock in (from, to]; late ones earlier. */
async function makeChanges(
	service: SimulatedService,
	ledger: Ledger,
	pool: string[],
	random: () => number,
	interval: { count: number; from: number; to: number; dayStart: number },
): Promise<void> {
	const { count, from, to, dayStart } = interval;
	const insertedAt = Date.now();
	const updates: Array<{ id: string; updatedAt: string }> = [];
	const inserts: Array<Partial<ClickItem> & { updatedAt: string }> = [];
	for (const updatedAt of spreadTimes(random, count, from, to)) {
		if (pool.length > 100 && random() < 0.5) {
			const id = pool[Math.floor(random() * pool.length)];
			if ((ledger.latestOf(id) ?? '') < updatedAt) {
				updates.push({ id, updatedAt });
				ledger.made(id, updatedAt, { late: false, insertedAt });
				continue;
			}
		}
		// Late statistics: changed up to 20 minutes earlier (within the lookback), never before the trigger started.
		const late = random() < 0.05 ? new Date(Math.max(dayStart + 1, Date.parse(updatedAt) - Math.floor(random() * 20) * MINUTE)).toISOString() : updatedAt;
		inserts.push({ updatedAt: late, date: service.today(), count: 1 });
	}
	if (updates.length) await service.sandbox.updateClicks(updates);
	const ids = inserts.length ? (await service.sandbox.insertClicks(inserts)).map((item) => item.id) : [];
	ids.forEach((id, index) => {
		pool.push(id);
		// Stamped before this interval began, so before the previous poll's first answer: late.
		ledger.made(id, inserts[index].updatedAt, { late: Date.parse(inserts[index].updatedAt) < from, insertedAt });
	});
}

export async function simulateDay(harness: Harness, day: DayTask, skewMinutes: number): Promise<DayResult> {
	const sandbox = await startBenchSandbox({
		clickItems: 5000,
		clickDays: 30,
		latencyMs: 0,
		rateLimits: true,
		clickRequestsPerSecond: day.requestsPerSecond,
		clickRequestsPer5Min: day.requestsPer5Min,
	});
	try {
		const service = await SimulatedService.start(sandbox.client, skewMinutes * MINUTE);
		const credentials = harness.addCredential('clickStatisticsApi', {
			baseUrl: sandbox.state.clickUrl,
			publicKey: sandbox.state.publicKey,
			maxRequestsPerSecond: day.requestsPerSecond,
			maxRequestsPer5Minutes: day.requestsPer5Min,
		});
		const trigger = harness.createTrigger({ options: { lookbackMinutes: day.lookbackMinutes } }, credentials);
		// The same draws at every skew: only the service's clock differs (and with it where the stamps fall within their second).
		const rng = new Rng(2026);
		const random = () => rng.next();
		const ledger = new Ledger();
		const pool: string[] = [];
		const realStart = performance.now();
		await trigger.poll(); // start from now
		const dayStart = service.now();
		const changePolls = Math.round((day.hours * 60) / day.pollMinutes);
		const quietFrom = Math.floor(changePolls / 2) + 1;
		const polls = changePolls + day.quietPolls;
		const perPoll: number[] = [];
		const cpuPerPoll: number[] = [];
		const result = { idlePolls: [], refusals: [], failedPolls: [], hourly: [], throttled: 0, maxStateBytes: 0 } as Pick<
			DayResult,
			'idlePolls' | 'refusals' | 'failedPolls' | 'hourly' | 'throttled' | 'maxStateBytes'
		>;
		let hourRequests = 0;
		let carry = 0;
		for (let poll = 1; poll <= polls; poll++) {
			const quiet = poll >= quietFrom && poll < quietFrom + day.quietPolls;
			const from = service.now();
			const to = from + day.pollMinutes * MINUTE;
			if (!quiet) {
				carry += (day.changesPerHour * day.pollMinutes) / 60;
				const count = Math.floor(carry);
				carry -= count;
				await makeChanges(service, ledger, pool, random, { count, from, to, dayStart });
			}
			await service.advance(to - service.now());

			await sandbox.client.clearRequests();
			const before = clickState(trigger);
			const startedAt = Date.now();
			const cpu0 = process.cpuUsage();
			const emitted = await pollVersions(trigger, poll, result.failedPolls);
			const cpu = process.cpuUsage(cpu0);
			cpuPerPoll.push((cpu.user + cpu.system) / 1000);
			const stats = await sandbox.client.requestStats();
			perPoll.push(stats.total);
			hourRequests += stats.total;
			result.throttled += stats.refused.length;
			for (const r of stats.refused) if (result.refusals.length < MAX_LISTED) result.refusals.push(refusalDetail(`poll ${poll}:`, r));
			ledger.polled(startedAt, emitted);
			const after = clickState(trigger);
			if (quiet) {
				const fullRead = before?.lastFullRead !== after?.lastFullRead || !!before?.sweep || !!after?.sweep;
				result.idlePolls.push({ poll, requests: stats.total, fullRead });
			}
			const stateBytes = Buffer.byteLength(JSON.stringify(trigger.workflow.staticData));
			result.maxStateBytes = Math.max(result.maxStateBytes, stateBytes);
			if ((poll * day.pollMinutes) % 60 === 0) {
				result.hourly.push({ hour: (poll * day.pollMinutes) / 60, stateBytes, remembered: remembered(after), requests: hourRequests });
				if (result.hourly.length % 6 === 0) {
					console.log(
						`[trigger, skew ${skewMinutes} min] simulated hour ${result.hourly.length}: static data ${(stateBytes / 1024).toFixed(0)} KB, ${hourRequests} requests in the last hour`,
					);
				}
				hourRequests = 0;
			}
		}
		const per5 = Math.max(1, Math.round(5 / day.pollMinutes));
		let maxRequestsPer5Min = 0;
		for (let i = 0; i + per5 <= perPoll.length; i++) {
			maxRequestsPer5Min = Math.max(maxRequestsPer5Min, perPoll.slice(i, i + per5).reduce((a, b) => a + b, 0));
		}
		const finalState = clickState(trigger);
		return {
			...ledger.verdicts(),
			...result,
			skewMinutes,
			measuredSkewMinutes: finalState ? finalState.clockOffsetMs / MINUTE : undefined,
			polls,
			requests: perPoll.reduce((a, b) => a + b, 0),
			requestsPerPoll: { median: median(perPoll), max: Math.max(...perPoll) },
			maxRequestsPer5Min,
			cpuMsPerPoll: { median: median(cpuPerPoll), max: Math.max(...cpuPerPoll) },
			finalStateBytes: Buffer.byteLength(JSON.stringify(trigger.workflow.staticData)),
			finalRemembered: remembered(finalState),
			realSeconds: (performance.now() - realStart) / 1000,
		};
	} finally {
		await sandbox.stop();
	}
}
