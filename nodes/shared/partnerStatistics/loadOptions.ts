/**
 * The dropdowns of ad spaces and programs, for every field that takes their IDs. Shared by the
 * Affiliate Partner node and its trigger, so both list the same choices.
 */
import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { addDays, toPartnerDate } from '../dates';
import { fetchPartnerList, listOf } from '../transport';
import type { ReportGroup } from './reportGroups';
import { REPORT_GROUPS } from './reportGroups';
import { reportRowCheck } from './reportRowCheck';

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name, 'en');

const PROGRAM_REPORT = REPORT_GROUPS.find((group) => group.value === 'program') as ReportGroup;

/** Programs are listed from the last year's statistics: the programs the account has traffic or conversions with. */
const PROGRAM_LOOKBACK_DAYS = 365;

/** The publisher's ad spaces: "My shop (22)" → 22. */
export async function getAdSpaces(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const adSpaces = await fetchPartnerList(this, {
		path: '/websites/v2/',
		expect: listOf('id', 'a list of ad spaces', { bareArray: true }),
	});
	return adSpaces
		.map((adSpace: IDataObject) => ({
			name: adSpace.name ? `${String(adSpace.name)} (${String(adSpace.id)})` : String(adSpace.id),
			value: String(adSpace.id),
			description: typeof adSpace.status === 'string' ? `Status: ${adSpace.status}` : undefined,
		}))
		.sort(byName);
}

/**
 * The programs of the account's statistics over the last year, by name: "Shop (6115)" → 6115.
 * A program without any traffic in that year is not listed; its ID can be given by an expression.
 */
export async function getPrograms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const now = new Date();
	const today = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
	const rows = await fetchPartnerList(this, {
		path: '/statistics/campaigns/',
		qs: { date_start: toPartnerDate(addDays(today, -PROGRAM_LOOKBACK_DAYS)), date_end: toPartnerDate(today) },
		// Each row held to the report's own check: a program ID of null or "" would become an option "null".
		expect: listOf(['advcampaign_id', 'currency'], 'a report by program', { check: reportRowCheck(PROGRAM_REPORT) }),
	});
	const programs = new Map<string, INodePropertyOptions>();
	for (const row of rows) {
		const id = String(row.advcampaign_id);
		const name = row.advcampaign_name ? `${String(row.advcampaign_name)} (${id})` : id;
		programs.set(id, { name, value: id });
	}
	return [...programs.values()].sort(byName);
}
