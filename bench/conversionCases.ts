// Return All of the conversion lists against the floor, a sequential loop and n8n's own HTTP
// Request node, as returnAll.ts measures the click report and the lost orders: the partner
// service's actions (Affiliate Partner → Action → Get Many), every report (Report → Get, each
// Group By) and the click service's actions (Click Report 1.2 → Action → Get Many, a cursor list).
import { REPORT_GROUPS } from '../nodes/shared/partnerStatistics/reportGroups';
import { portsFor, startBenchSandbox, urls, type BenchSandbox } from './benchSandbox';
import { log, median, sleep } from './common';
import { cursorFloorMs, minimumPages, overlappingPages, physicalFloorMs, scheduleFloorMs } from './floors';
import { cursorWorkflow, partnerWorkflow } from './httpRequestWorkflows';
import type { ListNodeTask, ListSeqTask } from './listRunners';
import { httpNodeColumn, measureReturnAll, type ReturnAllCase } from './returnAll';
import { setPauseForLimits } from './runs';
import { conversionSizes as sizes, NO_WINDOW, only, runs, smoke } from './scenarios';

const DAY_MS = 86_400_000;
const ACTIONS_PATH = '/statistics/actions/';
const CLICK_ACTIONS_PATH = '/v3/api/stats/action';
/** The partner service's real limit, 600 per minute, and the credential's pace to match. */
const PARTNER_RATE = 10;
const suffix = smoke ? 's' : 'f';
const workflowId = (name: string) => `${name}${suffix}`.padEnd(16, '0').slice(0, 16);
const actionsWorkflowId = (latencyMs: number, cap: number) => workflowId(`ba${latencyMs}c${cap}`);
const reportWorkflowId = (groupBy: string) => workflowId(`br${groupBy.replace('trafficSource', 'source')}`);
const clickActionsWorkflowId = (latencyMs: number, rate: number) => workflowId(`bk${latencyMs}r${rate}`);

const groupOf = (groupBy: string) => {
	const group = REPORT_GROUPS.find((candidate) => candidate.value === groupBy);
	if (!group) throw new Error(`no report groups by ${groupBy}`);
	return group;
};

/** The HTTP Request workflows of these cases, built before the sandbox starts (its ports are fixed), imported with the others at once. */
export async function conversionWorkflows(keys: { publicKey: string; accessToken: string }): Promise<Array<{ id: string }>> {
	const { partnerUrl, clickUrl } = urls(await portsFor('conversions'));
	const partner = { partnerUrl, accessToken: keys.accessToken, rate: PARTNER_RATE };
	const workflows: object[] = [];
	if (only.has('actions')) for (const c of sizes.actionCases) workflows.push(partnerWorkflow(actionsWorkflowId(c.latencyMs, c.cap), { ...partner, path: ACTIONS_PATH }));
	if (only.has('reports')) for (const g of sizes.reportGroups) workflows.push(partnerWorkflow(reportWorkflowId(g), { ...partner, path: groupOf(g).path }));
	if (only.has('clickActions')) {
		for (const c of sizes.clickCases) {
			workflows.push(cursorWorkflow(clickActionsWorkflowId(c.latencyMs, c.rate), { url: `${clickUrl}${CLICK_ACTIONS_PATH}`, authorization: `Bearer ${keys.publicKey}`, rate: c.rate }));
		}
	}
	return workflows as Array<{ id: string }>;
}

/**
 * The sandbox of these cases: its seeded conversions, the clock run 31 minutes ahead so that every
 * change it seeds for the near future has happened (no list moves while it is measured), then
 * `partnerActions` partner actions, each with sub IDs and a keyword of its own and a day of its
 * own (i + 1 days ago), and `clickActions` click actions.
 */
async function conversionSandbox(): Promise<BenchSandbox> {
	const sandbox = await startBenchSandbox({ seed: 1, clickItems: 10, clickDays: 1, ...(await portsFor('conversions')) });
	await sandbox.client.aheadOfClock(31 * 60_000);
	const batch = 1_000;
	for (let start = 0; start < sizes.partnerActions; start += batch) {
		const actions = [];
		for (let i = start; i < Math.min(sizes.partnerActions, start + batch); i++) {
			actions.push({
				subid: `sub-${i}`,
				subid1: `one-${i}`,
				subid2: `two-${i}`,
				subid3: `three-${i}`,
				subid4: `four-${i}`,
				keyword: `keyword ${i}`,
				source: i % 2 ? 'g' : 'y',
				stampedAgoMs: (i + 1) * DAY_MS,
			});
		}
		await sandbox.client.createActions('partner', actions);
	}
	for (let start = 0; start < sizes.clickActions; start += batch) {
		await sandbox.client.createActions('click', Array.from({ length: Math.min(batch, sizes.clickActions - start) }, () => ({})));
	}
	return sandbox;
}

/**
 * How long one page takes to answer, as a client sees it: the latency set plus the sandbox's own
 * time to build the page (it computes every report and list afresh for each request, on one
 * thread). The median of 3 requests one after the other, kept within the service's limits; the
 * floors count this as the latency.
 */
export async function answerTimeMs(url: string, key: string, path: string, query: Record<string, string>, gapMs: number): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < 3; i++) {
		const started = performance.now();
		const response = await fetch(`${url}${path}?${new URLSearchParams(query)}`, { headers: { Authorization: `Bearer ${key}` } });
		await response.text();
		if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
		times.push(performance.now() - started);
		await sleep(gapMs);
	}
	return median(times);
}

export const emptyCase = (c: Omit<ReturnAllCase, 'node' | 'seq' | 'http' | 'ratios'>): ReturnAllCase => ({
	...c,
	node: [],
	seq: [],
	http: [],
	ratios: { toFloor: [], overSeq: [], overHttp: [] },
});

/** A partner list (actions, a report, coupons: couponCases.ts) at `latencyMs`, the server capping pages at `cap`, the real 600 per minute on. */
export async function partnerListCase(
	sandbox: BenchSandbox,
	what: { group: ReturnAllCase['group']; label: string; path: string; parameters: Record<string, unknown>; keyFields: string[]; workflowId: string; typeVersion?: number },
	latencyMs: number,
	cap: number,
): Promise<ReturnAllCase> {
	await sandbox.client.configure({ latencyMs, partnerLimitCap: 500, rateLimits: true, clickRequestsPer5Min: 1e9 });
	const items = (await sandbox.client.partnerRecords(what.path)).length;
	await sandbox.client.configure({ partnerLimitCap: cap });
	setPauseForLimits(true);
	const answerMs = await answerTimeMs(sandbox.state.partnerUrl, sandbox.state.accessToken, what.path, { limit: String(cap), offset: '0' }, 200);
	const pages = minimumPages(items, cap);
	const nodePages = overlappingPages(items, cap);
	const kase = emptyCase({
		group: what.group,
		label: `${what.label}: ${items.toLocaleString('en-US')} rows, page ${cap}, ${latencyMs} ms (answers in ${Math.round(answerMs)} ms), ${PARTNER_RATE}/s`,
		items,
		latencyMs: answerMs,
		rate: PARTNER_RATE,
		runs,
		pages,
		nodePages,
		pageSize: cap,
		windowPages: [nodePages],
		floorMs: physicalFloorMs(pages, answerMs, PARTNER_RATE),
		scheduleFloorMs: scheduleFloorMs([nodePages], answerMs, PARTNER_RATE),
		realLimits: '600/min on',
	});
	const at = { service: 'partner' as const, url: sandbox.state.partnerUrl, key: sandbox.state.accessToken, rate: PARTNER_RATE };
	const node: ListNodeTask = { kind: 'listNode', ...at, type: 'affiliatePartner', typeVersion: what.typeVersion ?? 1.2, parameters: what.parameters, keyFields: what.keyFields };
	const seq: ListSeqTask = { kind: 'listSeq', ...at, path: what.path, paging: 'offset' };
	const workflow = httpNodeColumn.n8n
		? (partnerWorkflow(what.workflowId, { partnerUrl: at.url, accessToken: at.key, rate: PARTNER_RATE, path: what.path }) as { id: string })
		: undefined;
	await measureReturnAll(kase, sandbox, { node, seq, workflow });
	return kase;
}

/** Partner actions, then every report, in one sandbox. */
export async function partnerConversionCases(): Promise<{ actions: ReturnAllCase[]; reports: ReturnAllCase[] }> {
	const sandbox = await conversionSandbox();
	const actions: ReturnAllCase[] = [];
	const reports: ReturnAllCase[] = [];
	try {
		if (only.has('actions')) {
			for (const c of sizes.actionCases) {
				const what = {
					group: 'actions' as const,
					label: 'actions',
					path: ACTIONS_PATH,
					parameters: { resource: 'action', operation: 'getMany', filters: {}, options: {} },
					keyFields: ['id'],
					workflowId: actionsWorkflowId(c.latencyMs, c.cap),
				};
				actions.push(await partnerListCase(sandbox, what, c.latencyMs, c.cap));
			}
		}
		if (only.has('reports')) {
			for (const groupBy of sizes.reportGroups) {
				const group = groupOf(groupBy);
				const what = {
					group: 'report' as const,
					label: `report by ${group.name} (${group.path})`,
					path: group.path,
					parameters: { resource: 'report', operation: 'get', groupBy, totalsOnly: false, filters: {} },
					keyFields: [group.groupedField, 'currency'],
					workflowId: reportWorkflowId(groupBy),
				};
				for (const latencyMs of sizes.reportLatenciesMs) reports.push(await partnerListCase(sandbox, what, latencyMs, 500));
			}
		}
	} finally {
		await sandbox.stop();
	}
	return { actions, reports };
}

/**
 * A click cursor list (`{meta: {next}, data}`) of `items` records: at 3/s with the service's real
 * per-second limit on, or at 20/s with the limits off (the actions here, merchants and coupons in
 * couponCases.ts).
 */
export async function cursorListCase(
	sandbox: BenchSandbox,
	what: { group: ReturnAllCase['group']; label: string; path: string; items: number; parameters: Record<string, unknown>; keyFields: string[]; workflowId: string },
	latencyMs: number,
	rate: number,
): Promise<ReturnAllCase> {
	const { items } = what;
	await sandbox.client.configure({ latencyMs, rateLimits: rate === 3, clickRequestsPerSecond: 3, clickRequestsPer5Min: 1e9 });
	setPauseForLimits(rate === 3);
	const pages = minimumPages(items, 500);
	const answerMs = await answerTimeMs(sandbox.state.clickUrl, sandbox.state.publicKey, what.path, { limit: '500' }, 400);
	const floorMs = cursorFloorMs(pages, answerMs, rate);
	const kase = emptyCase({
		group: what.group,
		label: `${what.label}: ${items.toLocaleString('en-US')}, ${latencyMs} ms (answers in ${Math.round(answerMs)} ms), ${rate}/s`,
		items,
		latencyMs: answerMs,
		rate,
		runs,
		pages,
		nodePages: pages,
		pageSize: 500,
		windowPages: [pages],
		floorMs,
		scheduleFloorMs: floorMs,
		realLimits: rate === 3 ? '3/s on, 100/5 min off' : 'off',
	});
	const at = { service: 'click' as const, url: sandbox.state.clickUrl, key: sandbox.state.publicKey, rate };
	const node: ListNodeTask = { kind: 'listNode', ...at, maxRequestsPer5Minutes: NO_WINDOW, type: 'clickReport', typeVersion: 1.2, parameters: what.parameters, keyFields: what.keyFields };
	const seq: ListSeqTask = { kind: 'listSeq', ...at, path: what.path, paging: 'cursor' };
	const workflow = httpNodeColumn.n8n
		? (cursorWorkflow(what.workflowId, { url: `${at.url}${what.path}`, authorization: `Bearer ${at.key}`, rate }) as { id: string })
		: undefined;
	log(`${what.label}: ${items} in ${pages} pages, floor ${(floorMs / 1000).toFixed(2)} s`);
	await measureReturnAll(kase, sandbox, { node, seq, workflow });
	return kase;
}

/** The click service's actions over the `meta.next` cursor: at 3/s with its real per-second limit on, and at 20/s with the limits off. */
export async function clickActionCases(): Promise<ReturnAllCase[]> {
	const sandbox = await conversionSandbox();
	const cases: ReturnAllCase[] = [];
	try {
		for (const { latencyMs, rate } of sizes.clickCases) {
			const what = {
				group: 'clickActions' as const,
				label: 'click actions',
				path: CLICK_ACTIONS_PATH,
				items: (await sandbox.client.actions('click')).length,
				parameters: { resource: 'action', operation: 'getMany', filters: {} },
				keyFields: ['actionId'],
				workflowId: clickActionsWorkflowId(latencyMs, rate),
			};
			cases.push(await cursorListCase(sandbox, what, latencyMs, rate));
		}
	} finally {
		await sandbox.stop();
	}
	return cases;
}
