// The triggers' idle polls by event group, through n8n-core's PollContext, in a process of its own
// against a sandbox of its own (seed 1): the requests of the first poll, then of polls with nothing
// new, counted by the sandbox. Counts, not times: they do not depend on the machine.
import '../test/harness/env';

import type { INodeProperties } from 'n8n-workflow';

import { ClickReportTrigger } from '../nodes/ClickReportTrigger/ClickReportTrigger.node';
import { spawnSandbox } from '../sandbox/client';
import { reportToParent } from './entry';

export interface IdlePollGroup {
	trigger: 'Affiliate Partner Trigger' | 'Click Report Trigger';
	group: string;
	events: string[];
	typeVersion: number;
	/**
	 * The requests an idle poll may cost: one per conversion or click-item group, and for the claims
	 * their own design, 5 with both kinds (docs/nodes.md, Affiliate Partner Trigger, "Cost").
	 */
	budget: { requests: number; why: string };
	/** Why the group was not measured (the events are not in the node yet). */
	missing?: string;
	firstPoll?: number;
	/** Per idle poll: requests, and items emitted (0 for a poll that really was idle). */
	idle?: Array<{ requests: number; emitted: number }>;
}

export interface IdlePollTask {
	kind: 'idlePolls';
	polls: number;
}

const CLAIM_EVENTS = ['lostOrderCreated', 'lostOrderStatusChanged', 'appealCreated', 'appealStatusChanged'];
const CONVERSION_EVENTS = ['conversionCreated', 'conversionStatusChanged'];
const CLICK_ITEM_EVENT = 'clickItemChanged';

/** The Click Report Trigger's newest version, and whether its Events offer the conversion events yet. */
function clickTriggerVersion(): { version: number; conversions: boolean } {
	const description = new ClickReportTrigger().description;
	const versions = Array.isArray(description.version) ? description.version : [description.version];
	const version = Math.max(...versions);
	const events = description.properties.find((property: INodeProperties) => property.name === 'events');
	const values = (events?.options ?? []).map((option) => (option as { value?: unknown }).value);
	return { version, conversions: CONVERSION_EVENTS.every((event) => values.includes(event)) };
}

async function main(): Promise<IdlePollGroup[]> {
	const task = JSON.parse(process.argv[2]) as IdlePollTask;
	const harness = await import('../test/harness/run');
	const click = clickTriggerVersion();
	const one = { requests: 1, why: 'one per event group' };
	const claims = { requests: 5, why: "the claims' design: open, new and open-appeal reads per kind" };
	const groups: IdlePollGroup[] = [
		{ trigger: 'Affiliate Partner Trigger', group: 'claims (all four claim events)', events: CLAIM_EVENTS, typeVersion: 1.1, budget: claims },
		{ trigger: 'Affiliate Partner Trigger', group: 'partner conversions (both conversion events)', events: CONVERSION_EVENTS, typeVersion: 1.1, budget: one },
		{
			trigger: 'Affiliate Partner Trigger',
			group: 'claims and partner conversions (all six events)',
			events: [...CLAIM_EVENTS, ...CONVERSION_EVENTS],
			typeVersion: 1.1,
			budget: { requests: 6, why: "the claims' 5 and one for the conversions" },
		},
		{ trigger: 'Click Report Trigger', group: 'click items (version 1.1, no Events)', events: [], typeVersion: 1.1, budget: one },
	];
	const clickGroups: IdlePollGroup[] = [
		{ trigger: 'Click Report Trigger', group: 'click conversions (both conversion events)', events: CONVERSION_EVENTS, typeVersion: click.version, budget: one },
		{
			trigger: 'Click Report Trigger',
			group: 'click items and click conversions',
			events: [CLICK_ITEM_EVENT, ...CONVERSION_EVENTS],
			typeVersion: click.version,
			budget: { requests: 2, why: 'one per event group' },
		},
	];
	const missing = `not measured: the Click Report Trigger (newest version ${click.version}) has no conversion events yet`;
	groups.push(...clickGroups.map((group) => (click.conversions ? group : { ...group, missing })));

	const sandbox = await spawnSandbox({ seed: 1, clickItems: 2_000, clickDays: 30 });
	try {
		const { client, state } = sandbox;
		const partner = harness.addCredential('affiliatePartnerApi', {
			authentication: 'accessToken',
			baseUrl: state.partnerUrl,
			accessToken: state.accessToken,
			maxRequestsPerSecond: 1000,
		});
		const clickCredential = harness.addCredential('clickStatisticsApi', {
			baseUrl: state.clickUrl,
			publicKey: state.publicKey,
			maxRequestsPerSecond: 1000,
			maxRequestsPer5Minutes: 1_000_000,
		});
		for (const group of groups) {
			if (group.missing) continue;
			const trigger =
				group.trigger === 'Click Report Trigger'
					? harness.createTrigger(group.events.length ? { events: group.events } : {}, clickCredential, {}, 'clickReportTrigger', group.typeVersion)
					: harness.createTrigger({ events: group.events }, partner, {}, 'affiliatePartnerTrigger', group.typeVersion);
			const measure = async () => {
				await client.clearRequests();
				const output = (await trigger.poll()) as unknown[][] | null;
				const emitted = (output ?? []).reduce((sum, items) => sum + items.length, 0);
				return { requests: (await client.requestStats()).total, emitted };
			};
			group.firstPoll = (await measure()).requests;
			group.idle = [];
			for (let poll = 0; poll < task.polls; poll++) group.idle.push(await measure());
		}
	} finally {
		await sandbox.stop();
	}
	return groups;
}

reportToParent(main());
