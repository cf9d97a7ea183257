/**
 * The conversion events of the click service (from version 1.2): the reads that
 * nodes/shared/conversionWatch decides, performed over GET /v3/api/stats/action. One request per
 * poll while no more than a page of actions changed within the re-read window.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { CLICK_ACTION_STATUSES, fetchClickActions } from '../shared/clickActions';
import type { StoredWatchState, WatchSettings } from '../shared/conversionWatch';
import { CLICK_CONVERSIONS, concludeWatch, planWatch, readWatchState, storeWatchState } from '../shared/conversionWatch';
import { decidedStatusesWithin, newestDecidedActions, takeInTurn } from '../shared/conversionWatch/decidedSample';

export interface ClickConversions {
	watch: WatchSettings;
	qs: IDataObject;
}

export async function pollClickConversions(
	context: IPollFunctions,
	conversions: ClickConversions,
	stored: unknown,
	nowMs: number,
): Promise<{ emit: IDataObject[]; stored: StoredWatchState }> {
	const committed = readWatchState(stored);
	const plan = planWatch(CLICK_CONVERSIONS, conversions.watch, committed, nowMs);
	const actions = await fetchClickActions(context, { qs: { ...conversions.qs, ...CLICK_CONVERSIONS.changedSince(plan.fromMs) } });
	const outcome = concludeWatch(CLICK_CONVERSIONS, conversions.watch, committed, plan, actions, nowMs);
	return { emit: outcome.emit, stored: storeWatchState(outcome.state) };
}

const SAMPLE_SIZE = 10;
const DAY = 24 * 3_600_000;

/** Every status but PENDING (../shared/spec/published-api-facts.md, section 8). */
const DECIDED_STATUSES = CLICK_ACTION_STATUSES.filter((status) => status !== 'PENDING');

/**
 * "Fetch Test Event" for the conversion events: real actions changed within Watch Days, with
 * `previousStatus` null (a sample cannot know it); the memory is not touched. Created: the actions
 * the service gives first. Status changed: the newest in a decided status, read per status, so that
 * pending actions cannot hide them.
 */
export async function clickConversionSamples(context: IPollFunctions, conversions: ClickConversions, nowMs: number): Promise<IDataObject[]> {
	const qs = { ...conversions.qs, ...CLICK_CONVERSIONS.changedSince(nowMs - conversions.watch.watchMs - DAY) };
	const samples: IDataObject[][] = [];
	if (conversions.watch.events.has('conversionCreated')) {
		const recent = await fetchClickActions(context, { qs, limit: SAMPLE_SIZE });
		samples.push(recent.map((action) => ({ ...action, event: 'conversionCreated', previousStatus: null })));
	}
	if (conversions.watch.events.has('conversionStatusChanged')) {
		const statuses = decidedStatusesWithin(DECIDED_STATUSES, conversions.qs);
		const readStatus = async (status: string) => await fetchClickActions(context, { qs: { ...qs, status }, limit: SAMPLE_SIZE });
		const changed = await newestDecidedActions(CLICK_CONVERSIONS, statuses, readStatus, SAMPLE_SIZE);
		samples.push(changed.map((action) => ({ ...action, event: 'conversionStatusChanged', previousStatus: null })));
	}
	// In turn: ten creations alone would leave no room for a status change.
	return takeInTurn(samples, SAMPLE_SIZE);
}
