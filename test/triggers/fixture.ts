/**
 * What the trigger tests share: credentials for the sandbox, changes made through the
 * sandbox's interfaces as the network would make them, and the poll memory's clock.
 */
import type { IDataObject } from 'n8n-workflow';

import { pollMemoryTiming } from '../../nodes/shared/pollMemory';
import { SandboxClient, type ClaimList } from '../../sandbox/client';
import { startSandbox, type ClickItem, type Sandbox, type SandboxOptions } from '../../sandbox/server';
import { advanceClock, fakeDateOnly } from '../click/simulatedTime';
import { UNLIMITED_WINDOW } from '../harness/credentials';
import { addCredential } from '../harness/run';

const MINUTE = 60_000;

/**
 * A sandbox for the file's tests, on a clock the tests move (Date alone: timers, sockets and
 * retries run in real time), shared by the triggers and the sandbox.
 */
export function useSandboxAt(start: number, options: SandboxOptions): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		fakeDateOnly(start);
		sandbox = await startSandbox(options);
	});
	afterAll(async () => {
		await sandbox?.close();
		jest.useRealTimers();
	});
	return () => sandbox!;
}

export const ALL_CLAIM_EVENTS = ['lostOrderCreated', 'lostOrderStatusChanged', 'appealCreated', 'appealStatusChanged'];

export const partnerCredentials = (sandbox: Sandbox) =>
	addCredential('affiliatePartnerApi', { authentication: 'accessToken', baseUrl: sandbox.partnerUrl, accessToken: sandbox.accessToken, maxRequestsPerSecond: 1000 });

export const clickCredentials = (sandbox: Sandbox) =>
	addCredential('clickStatisticsApi', { baseUrl: sandbox.clickUrl, publicKey: sandbox.publicKey, maxRequestsPerSecond: 1000, maxRequestsPer5Minutes: UNLIMITED_WINDOW });

/** A new claim, through the service's create endpoint; its ID. */
export async function createClaim(sandbox: Sandbox, list: ClaimList, orderId: string): Promise<number> {
	const form = new FormData();
	form.append('advcampaign', String(sandbox.data.programs[0].id));
	form.append('order_id', orderId);
	if (list === 'lost_orders') {
		form.append('website', String(sandbox.data.websites[0].id));
		form.append('order_date', '01.10.2026');
		form.append('order_price', '99.90');
	}
	const response = await fetch(`${sandbox.partnerUrl}/${list}/create/`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${sandbox.accessToken}` } });
	expect(response.status).toBe(201);
	return ((await response.json()) as { id: number }).id;
}

export async function decideClaim(sandbox: Sandbox, list: ClaimList, id: number, patch: IDataObject): Promise<void> {
	await new SandboxClient(sandbox).decideClaim(list, id, patch);
}

/** Open claims created 5 to 80 days ago: watched, and older than what the newest-claims read covers. */
export function openClaims(sandbox: Sandbox, list: ClaimList): Array<{ id: number; appeal_status: string }> {
	const claims = list === 'lost_orders' ? sandbox.data.lostOrders : sandbox.data.appeals;
	return claims.filter((claim) => {
		const ageDays = (Date.now() - Date.parse(`${claim.date_created}Z`)) / 86_400_000;
		return claim.status === 'processing' && ageDays > 5 && ageDays < 80;
	});
}

/** `[event, id]` of each event, as emitted. */
export const eventsOf = (items: IDataObject[]) => items.map((event) => [event.event, event.id]);

let orders = 0;
/** Five minutes on: a remembered open lost order decided, and a new one; their events, oldest claim first. */
export async function lostOrderChanges(sandbox: Sandbox, status: 'accepted' | 'rejected') {
	advanceClock(5 * MINUTE);
	const decided = openClaims(sandbox, 'lost_orders')[0];
	await decideClaim(sandbox, 'lost_orders', decided.id, { status });
	const created = await createClaim(sandbox, 'lost_orders', `TRIGGERS-${++orders}`);
	return [
		['lostOrderStatusChanged', decided.id],
		['lostOrderCreated', created],
	];
}

export const insertClicks = (sandbox: Sandbox, items: Array<Partial<ClickItem>>) => new SandboxClient(sandbox).insertClicks(items);
export const updateClick = (sandbox: Sandbox, id: string, patch: Partial<ClickItem>) => new SandboxClient(sandbox).updateClick(id, patch);

/** New click items a minute from now, and the clock a minute past them. */
export async function newClicks(sandbox: Sandbox, count: number): Promise<ClickItem[]> {
	advanceClock(MINUTE);
	const date = new Date(Date.now()).toISOString().slice(0, 10);
	const items = await insertClicks(sandbox, Array.from({ length: count }, (_, index) => ({ date, count: index + 1 })));
	advanceClock(MINUTE);
	return items;
}

/** An item's version, as the trigger promises to emit each once. */
export const versionOf = (item: { id?: unknown; updatedAt?: unknown }) => `${String(item.id)}@${String(item.updatedAt)}`;
export const sortedVersions = (items: Array<{ id?: unknown; updatedAt?: unknown }>) => items.map(versionOf).sort();

/**
 * The poll memory's clock, moved by the test alone: a commit's grace passes when the test says,
 * whatever the trigger's own clock does. Put back after the file's tests.
 */
export function useMemoryClock(): { advance(ms: number): void } {
	const real = { ...pollMemoryTiming };
	let now = Date.UTC(2026, 0, 1);
	beforeAll(() => {
		pollMemoryTiming.now = () => now;
	});
	afterAll(() => Object.assign(pollMemoryTiming, real));
	return {
		advance(ms: number) {
			now += ms;
		},
	};
}
