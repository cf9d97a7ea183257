import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { fetchPartnerList, listOf } from '../shared/transport';
import type { ClaimEventName, ClaimKind } from './claims';
import { CLAIM_LISTS, OPEN, eventName } from './claims';
import { withEventKeys } from '../shared/eventKeys';
import { conversionSamples } from './conversions';
import { eventKeyOf } from './eventKey';
import type { TriggerSettings } from './settings';

const MANUAL_SAMPLE_SIZE = 10;

/** The decided statuses (spec 3): a claim in one of them has really left `processing`. */
const DECIDED = ['accepted', 'rejected'];

const KIND_NAMES: Record<ClaimKind, string> = { lostOrder: 'lost order claim', appeal: 'appeal claim' };

/**
 * Marks the one item shown when the account has no decided claim: a sample must never pass off as
 * a change something that did not happen.
 */
export const EXAMPLE_FIELD = 'exampleOnly';

const newestFirst = (a: IDataObject, b: IDataObject) => String(b.date_created).localeCompare(String(a.date_created));

/**
 * A claim as a status change: only a decided claim, which really came from `processing` (every
 * claim starts there, spec 3); its appeal status is shown as it is.
 */
const asChange = (record: IDataObject, event: ClaimEventName): IDataObject => ({
	...record,
	event,
	previousStatus: OPEN,
	previousAppealStatus: record.appeal_status ?? null,
});

/** The newest claim shown as if accepted, and said to be an example, for an account with no decided claim. */
function exampleChange(record: IDataObject, kind: ClaimKind, event: ClaimEventName): IDataObject {
	return {
		...asChange({ ...record, status: 'accepted' }, event),
		[EXAMPLE_FIELD]: `Not a real change: no ${KIND_NAMES[kind]} of this account is decided yet, so this is the newest one shown as if accepted. Real events carry the claim as the service returns it.`,
	};
}

/** Up to 10 events of each chosen event name, newest claim first, read without touching the trigger's memory. */
async function samplesPerEvent(context: IPollFunctions, settings: TriggerSettings): Promise<IDataObject[][]> {
	const perEvent: IDataObject[][] = [];
	for (const kind of settings.kinds) {
		const list = CLAIM_LISTS[kind];
		const read = async (qs: IDataObject) =>
			await fetchPartnerList(context, { path: list.path, expect: listOf('id', list.what), qs: { ...settings.qs, ...qs }, limit: MANUAL_SAMPLE_SIZE });
		const created = eventName(kind, 'created');
		const changed = eventName(kind, 'statusChanged');
		let newest: IDataObject[] | undefined;
		const readNewest = async () => (newest ??= (await read({})).sort(newestFirst));
		if (settings.events.has(created)) perEvent.push((await readNewest()).map((record) => ({ ...record, event: created, previousStatus: null, previousAppealStatus: null })));
		if (!settings.events.has(changed)) continue;
		const decided: IDataObject[] = [];
		for (const status of DECIDED) decided.push(...(await read({ status })));
		if (decided.length) perEvent.push(decided.sort(newestFirst).map((record) => asChange(record, changed)));
		else {
			const [latest] = await readNewest();
			if (latest) perEvent.push([exampleChange(latest, kind, changed)]);
		}
	}
	if (settings.conversions) perEvent.push(...(await conversionSamples(context, settings.conversions, Date.now())));
	return perEvent;
}

/** Takes from each list in turn, so that every chosen event shows in the sample. */
function interleave(lists: IDataObject[][], size: number): IDataObject[] {
	const taken: IDataObject[] = [];
	for (let index = 0; taken.length < size && lists.some((list) => index < list.length); index++) {
		for (const list of lists) if (index < list.length && taken.length < size) taken.push(list[index]);
	}
	return taken.sort(newestFirst);
}

/**
 * The example's key can never be a real event's: a sink that upserts on `eventKey` (docs/guarantees.md)
 * would otherwise keep the made-up acceptance under the real one's key and drop the real one as a duplicate.
 */
const sampleKeyOf = (event: IDataObject) => (event[EXAMPLE_FIELD] === undefined ? eventKeyOf(event) : `example:${eventKeyOf(event)}`);

/**
 * "Fetch Test Event": up to 10 events, each chosen event among them when the account has one, without
 * touching what the trigger remembers. A status change is shown only for a decided claim; with
 * none, one example item says that it is one.
 */
export async function manualSample(context: IPollFunctions, settings: TriggerSettings): Promise<INodeExecutionData[][] | null> {
	const events = interleave(await samplesPerEvent(context, settings), MANUAL_SAMPLE_SIZE);
	return events.length ? [withEventKeys(context.getNode(), events, sampleKeyOf).map((json) => ({ json }))] : null;
}
