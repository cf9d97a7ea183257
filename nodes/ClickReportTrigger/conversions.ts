/**
 * The conversion events of the click service (from version 1.2): the reads that
 * nodes/shared/conversionWatch decides, performed over GET /v3/api/stats/action. One request per
 * poll while no more than a page of actions changed within the re-read window.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { fetchClickActions } from '../shared/clickActions';
import type { StoredWatchState, WatchSettings } from '../shared/conversionWatch';
import { CLICK_CONVERSIONS, concludeWatch, planWatch, readWatchState, storeWatchState } from '../shared/conversionWatch';

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

/**
 * "Fetch Test Event" for the conversion events: real actions changed within Watch Days, as created
 * and, those no longer PENDING, as status changes, with `previousStatus` null (a sample cannot
 * know it); the memory is not touched.
 */
export async function clickConversionSamples(context: IPollFunctions, conversions: ClickConversions, nowMs: number): Promise<IDataObject[]> {
	const since = CLICK_CONVERSIONS.changedSince(nowMs - conversions.watch.watchMs - DAY);
	const recent = await fetchClickActions(context, { qs: { ...conversions.qs, ...since }, limit: SAMPLE_SIZE });
	const samples: IDataObject[] = [];
	if (conversions.watch.events.has('conversionCreated')) {
		samples.push(...recent.map((action) => ({ ...action, event: 'conversionCreated', previousStatus: null })));
	}
	if (conversions.watch.events.has('conversionStatusChanged')) {
		const changed = recent.filter((action) => action.status !== 'PENDING');
		samples.push(...changed.map((action) => ({ ...action, event: 'conversionStatusChanged', previousStatus: null })));
	}
	return samples.slice(0, SAMPLE_SIZE);
}
