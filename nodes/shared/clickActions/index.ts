/**
 * The click service's actions (conversions) of GET /v3/api/stats/action
 * (../shared/spec/published-api-facts.md, section 8): the filters, their reading, the check of each
 * action returned, and the read over the `meta.next` cursor. Used by the Click Report node.
 */
import type { IDataObject } from 'n8n-workflow';

import type { TransportContext } from '../transport';
import { cursorPageOf, fetchCursorList } from '../transport';
import { clickActionProblem } from './actionChecks';

export { CLICK_ACTION_RANGES, CLICK_ACTION_STATUSES, clickActionFilterQuery, clickActionFilters } from './filters';
export { clickActionProblem } from './actionChecks';

export const CLICK_ACTIONS_PATH = '/v3/api/stats/action';

/** A page of actions: `{meta: {next}, data}`, each action keyed by `actionId` and held to what was asked. */
export const clickActionPage = cursorPageOf('actionId', 'a page of actions', clickActionProblem);

/** Actions matching the query `qs` (clickActionFilterQuery), all of them or up to `limit`, each once in its newest state. */
export async function fetchClickActions(
	context: TransportContext,
	request: { qs: IDataObject; limit?: number; itemIndex?: number },
): Promise<IDataObject[]> {
	return await fetchCursorList(context, {
		api: 'click',
		path: CLICK_ACTIONS_PATH,
		expect: clickActionPage,
		...request,
		narrow: 'Narrow the filters (for example an Updated At range or a status)',
	});
}
