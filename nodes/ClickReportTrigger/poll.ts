import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { withPollMemory } from '../shared/pollMemory';
import type { Account } from '../shared/transport';
import { resolveAccount } from '../shared/transport';
import { absorb, nextStep } from './decide';
import { withEventKeys } from '../shared/eventKeys';
import { triggerEventKey } from './eventKey';
import { pollClickConversions } from './conversions';
import { conclude } from './outcome';
import { startPoll } from './progress';
import { perform } from './reads';
import { manualSample } from './sample';
import type { TriggerSettings } from './settings';
import { readSettings } from './settings';
import { readState } from './state';

/** Requests one poll may send at most, leaving part of the service's 100 per 5 minutes to other nodes. */
const MAX_REQUESTS_PER_POLL = 80;
/** Share of the poll's time budget spent reading; the rest is margin for retries and slow answers. */
const BUDGET_SHARE = 0.5;
const DEFAULT_POLL_BUDGET_MS = 5 * 60_000;

/** A poll needs its first page and one more to move on: with less, it waits for the next poll. */
const FEWEST_REQUESTS_WORTH_A_POLL = 2;

/**
 * n8n 2.x tells a poll its time budget (docs/nodes.md); the last 1.x line, which the package also
 * supports (README), has no such method, so it is looked for on the context rather than typed in.
 */
interface PollBudget {
	getPollBudgetMs(): number;
}

function hasPollBudget(context: object): context is PollBudget {
	return 'getPollBudgetMs' in context && typeof context.getPollBudgetMs === 'function';
}

/** What the key's shared pace and 5-minute window leave this poll within its time budget. */
function requestsAllowed(context: IPollFunctions, account: Account): number {
	const budgetMs = hasPollBudget(context) ? context.getPollBudgetMs() : DEFAULT_POLL_BUDGET_MS;
	return account.pacer.schedule.capacity(Date.now(), budgetMs * BUDGET_SHARE, MAX_REQUESTS_PER_POLL);
}

/**
 * One poll: the decisions (`decide.ts`, `outcome.ts`) say what to read and what follows from it;
 * this only performs the reads and hands the outcome over. The state is written only when every
 * read succeeded, so a failed poll leaves it as it was and the next poll reads the same changes
 * again; `withPollMemory` says where a poll starts.
 */
export async function pollClickReport(context: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readSettings(context);
	if (context.getMode() === 'manual') return await manualSample(context, settings);

	return await withPollMemory(context, 'clickReport', async (staticData) => {
		const account = await resolveAccount(context, 'click');
		const stored = staticData.clickReport as IDataObject | undefined;
		const needed = settings.clicks ? FEWEST_REQUESTS_WORTH_A_POLL : 1;
		if (requestsAllowed(context, account) < needed) {
			// Waiting inside the poll for the key's 5-minute window would hold n8n's poll; nothing is lost.
			context.logger.info('Click Report Trigger: the public key\'s requests for the next minutes are used up; this poll reads nothing, the next one goes on');
			return null;
		}
		// Conversions first: one request when idle, then the click items with what the key has left.
		const conversions = settings.conversions ? await pollClickConversions(context, settings.conversions, stored?.conversions, Date.now()) : undefined;
		const clicks = settings.clicks ? await pollClickItems(context, account, settings, stored) : undefined;
		const emit = [...(clicks?.emit ?? []), ...(conversions?.emit ?? [])];
		// Click items not read this time (the key's window used up, or not chosen) keep their state as it was.
		const clickState = clicks?.state ?? (clickItemsState(stored) ? withoutConversions(stored!) : {});
		return { emit: withEventKeys(context.getNode(), emit, triggerEventKey), stored: { ...clickState, ...(conversions ? { conversions: conversions.stored } : {}) } };
	});
}

/** Whether the stored state holds the click items' part (a state of version 1 or 2). */
const clickItemsState = (stored: IDataObject | undefined): boolean => stored !== undefined && ('version' in stored || 'upperBound' in stored);

function withoutConversions(stored: IDataObject): IDataObject {
	const clickState = { ...stored };
	delete clickState.conversions;
	delete clickState.seq;
	return clickState;
}

/** The click items' part of a poll, within what the key's pace and window leave; undefined when that is too little. */
async function pollClickItems(context: IPollFunctions, account: Account, settings: TriggerSettings, stored: IDataObject | undefined) {
	const budget = requestsAllowed(context, account);
	if (budget < FEWEST_REQUESTS_WORTH_A_POLL) {
		context.logger.info('Click Report Trigger: the public key\'s requests for the next minutes are used up; the click items wait for the next poll');
		return undefined;
	}
	const progress = startPoll({ state: clickItemsState(stored) ? readState(stored) : undefined, settings, localNow: Date.now(), budget });
	let step = nextStep(progress);
	while (step.kind !== 'stop') {
		absorb(progress, step, await perform(context, account, settings.qs, step));
		step = nextStep(progress);
	}
	const outcome = conclude(progress, step);
	for (const warning of outcome.warnings) context.logger.warn(warning);
	for (const note of outcome.notes) context.logger.info(note);
	return { emit: outcome.emit as unknown as IDataObject[], state: outcome.state as unknown as IDataObject };
}
