/**
 * The conversion events of the partner interface: the reads that nodes/shared/conversionWatch
 * decides, performed. One request per poll while no more than a page of actions changed within
 * the re-read window.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { StoredWatchState, WatchSettings } from '../shared/conversionWatch';
import { PARTNER_CONVERSIONS, concludeWatch, planWatch, readWatchState, storeWatchState } from '../shared/conversionWatch';
import { decidedStatusesWithin, newestDecidedActions } from '../shared/conversionWatch/decidedSample';
import { ACTION_STATUS_OPTIONS, actionAnswersQuery } from '../shared/partnerActions';
import { fetchPartnerList, listOf } from '../shared/transport';

export const ACTIONS_PATH = '/statistics/actions/';

/** Every action of the filters whose status changed at or after the plan's start, each held to the query. */
export async function readChangedActions(context: IPollFunctions, qs: IDataObject, limit?: number): Promise<IDataObject[]> {
	return await fetchPartnerList(context, { path: ACTIONS_PATH, qs, limit, expect: listOf('id', 'a list of actions', { check: actionAnswersQuery }) });
}

export async function pollConversions(
	context: IPollFunctions,
	conversions: { watch: WatchSettings; qs: IDataObject },
	stored: unknown,
	nowMs: number,
): Promise<{ emit: IDataObject[]; stored: StoredWatchState }> {
	const committed = readWatchState(stored);
	const plan = planWatch(PARTNER_CONVERSIONS, conversions.watch, committed, nowMs);
	const actions = await readChangedActions(context, { ...conversions.qs, ...PARTNER_CONVERSIONS.changedSince(plan.fromMs) });
	const outcome = concludeWatch(PARTNER_CONVERSIONS, conversions.watch, committed, plan, actions, nowMs);
	return { emit: outcome.emit, stored: storeWatchState(outcome.state) };
}

const SAMPLE_SIZE = 10;
const DAY = 24 * 3_600_000;

/** Every status but `pending`, from the one table of statuses (nodes/shared/partnerActions/filters.ts). */
const DECIDED_STATUSES = ACTION_STATUS_OPTIONS.map((option) => option.value).filter((status) => status !== 'pending');

/**
 * "Fetch Test Event" for the conversion events: real actions changed within Watch Days, without
 * touching the memory. Created: the newest actions. Status changed: the newest in a decided status,
 * read per status, so that newer pending actions cannot hide them. The status before is not known
 * to a sample, so it says null rather than guess.
 */
export async function conversionSamples(context: IPollFunctions, conversions: { watch: WatchSettings; qs: IDataObject }, nowMs: number): Promise<IDataObject[][]> {
	const qs = { ...conversions.qs, ...PARTNER_CONVERSIONS.changedSince(nowMs - conversions.watch.watchMs - DAY) };
	const samples: IDataObject[][] = [];
	if (conversions.watch.events.has('conversionCreated')) {
		const recent = await readChangedActions(context, qs, SAMPLE_SIZE);
		samples.push(recent.map((action) => ({ ...action, event: 'conversionCreated', previousStatus: null })));
	}
	if (conversions.watch.events.has('conversionStatusChanged')) {
		const statuses = decidedStatusesWithin(DECIDED_STATUSES, conversions.qs);
		const readStatus = async (status: string) => await readChangedActions(context, { ...qs, status }, SAMPLE_SIZE);
		const changed = await newestDecidedActions(PARTNER_CONVERSIONS, statuses, readStatus, SAMPLE_SIZE);
		samples.push(changed.map((action) => ({ ...action, event: 'conversionStatusChanged', previousStatus: null })));
	}
	return samples;
}
