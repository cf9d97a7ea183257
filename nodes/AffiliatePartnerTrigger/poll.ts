import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { withPollMemory } from '../shared/pollMemory';
import { apiRequest, fetchPartnerList, listOf, recordWithId } from '../shared/transport';
import type { ClaimRecord } from './claims';
import { CLAIM_LISTS } from './claims';
import type { Step } from './decide';
import { absorb, nextStep, startPoll } from './decide';
import { withEventKeys } from '../shared/eventKeys';
import { eventKeyOf } from './eventKey';
import { pollConversions } from './conversions';
import { conclude } from './outcome';
import { manualSample } from './sample';
import { readSettings } from './settings';
import { readState, storeState } from './state';

/** Performs one read the decisions asked for. A claim fetched by ID that no longer exists is null. */
async function perform(context: IPollFunctions, step: Exclude<Step, { type: 'stop' }>): Promise<ClaimRecord[] | ClaimRecord | null> {
	if (step.type === 'list') {
		const list = CLAIM_LISTS[step.read.kind];
		return (await fetchPartnerList(context, { path: list.path, expect: listOf('id', list.what), qs: step.read.qs })) as ClaimRecord[];
	}
	return await apiRequest<ClaimRecord | null>(context, 'partner', {
		method: 'GET',
		path: `${CLAIM_LISTS[step.kind].path}${step.id}/`,
		expect: recordWithId(step.id, step.kind === 'lostOrder' ? 'a lost order' : 'an appeal claim'),
		nullWhenMissing: true,
	});
}

/**
 * One poll: the decisions (`decide.ts`, `outcome.ts`) say what to read and what follows from it;
 * this only performs the reads and hands the outcome over. The state is written only when every
 * read succeeded, so a failed poll leaves it as it was and the next poll sees the same changes
 * again; `withPollMemory` says where a poll starts.
 */
export async function pollClaims(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	if (context.getMode() === 'manual') return await manualSample(context, settings);

	// Conversions are kept beside the claims, in the one state n8n stores with each execution.
	return await withPollMemory(context, 'claims', async (staticData) => {
		const now = Date.now();
		const progress = startPoll(settings, readState(staticData.claims), now);
		for (let step = nextStep(progress); step.type !== 'stop'; step = nextStep(progress)) {
			absorb(progress, step, await perform(context, step));
		}
		const outcome = conclude(progress);
		const conversions = settings.conversions
			? await pollConversions(context, settings.conversions, (staticData.claims as IDataObject | undefined)?.conversions, now)
			: undefined;
		const emit = [...outcome.emit, ...(conversions?.emit ?? [])];
		const stored = { ...storeState(outcome.state), ...(conversions ? { conversions: conversions.stored } : {}) };
		return { emit: withEventKeys(context.getNode(), emit, eventKeyOf), stored };
	});
}
