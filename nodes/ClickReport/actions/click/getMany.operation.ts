import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { CLICK_REPORT_PATH, clickItemFilterOptions, clickItemFilterQuery } from '../../../shared/clickFilters';
import type { CalendarDate } from '../../../shared/dates';
import { addDays, daysBetween, readInstant, toIsoDate } from '../../../shared/dates';
import { returnAllAndLimit } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fetchClickReportWindows } from '../../../shared/transport';
import { describeValue, invalidInput, isEmptyInput, requireDate } from '../../../shared/validation';

/** The service refuses a dateFrom..dateTo period of more than 120 calendar days. */
export const MAX_PERIOD_DAYS = 120;

export const description: INodeProperties[] = [
	{
		displayName:
			'Without a period, the report covers today (UTC). Periods longer than 120 days are read in windows of 120 days.',
		name: 'periodNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: ['getMany'] } },
	},
	...returnAllAndLimit({ operation: ['getMany'] }),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: { show: { operation: ['getMany'] } },
		options: [
			clickItemFilterOptions[0],
			{
				displayName: 'Date From',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				description: 'First day of clicks (UTC). Give Date To as well.',
			},
			{
				displayName: 'Date To',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				description: 'Last day of clicks (UTC), included. Give Date From as well.',
			},
			clickItemFilterOptions[1],
			clickItemFilterOptions[2],
			{
				displayName: 'Updated At From',
				name: 'updatedAtFrom',
				type: 'dateTime',
				default: '',
				description:
					'Only items whose statistics changed at or after this time. Give Updated At To as well. With only this pair, items are not filtered by day.',
			},
			{
				displayName: 'Updated At To',
				name: 'updatedAtTo',
				type: 'dateTime',
				default: '',
				description: 'Only items whose statistics changed at or before this time',
			},
		],
	},
];

interface Period {
	days?: { from: CalendarDate; to: CalendarDate };
	updatedAt?: { from: string; to: string };
}

/** A date-time as ISO 8601: a date, a Luxon value or ISO text; any other object is refused, described. */
function requireInstant(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string {
	const instant = readInstant(value);
	if (!instant) throw invalidInput(context, itemIndex, field, `${describeValue(value)} is not a date-time`);
	return instant;
}

function readPeriod(context: IExecuteFunctions, itemIndex: number, filters: IDataObject): Period {
	const pair = (fromName: string, toName: string, fromLabel: string, toLabel: string) => {
		const from = filters[fromName];
		const to = filters[toName];
		if (isEmptyInput(from) !== isEmptyInput(to)) {
			const [given, missing] = isEmptyInput(from) ? [toLabel, fromLabel] : [fromLabel, toLabel];
			throw invalidInput(context, itemIndex, missing, `give it together with "${given}" (the service takes both or neither)`);
		}
		return isEmptyInput(from) ? undefined : { from, to };
	};
	const period: Period = {};

	const days = pair('dateFrom', 'dateTo', 'Date From', 'Date To');
	if (days) {
		const from = requireDate(context, itemIndex, 'Date From', days.from);
		const to = requireDate(context, itemIndex, 'Date To', days.to);
		if (daysBetween(from, to) < 0) {
			throw invalidInput(context, itemIndex, 'Date To', `${toIsoDate(to)} is before Date From ${toIsoDate(from)}`);
		}
		period.days = { from, to };
	}

	const updatedAt = pair('updatedAtFrom', 'updatedAtTo', 'Updated At From', 'Updated At To');
	if (updatedAt) {
		const from = requireInstant(context, itemIndex, 'Updated At From', updatedAt.from);
		const to = requireInstant(context, itemIndex, 'Updated At To', updatedAt.to);
		if (Date.parse(to) < Date.parse(from)) {
			throw invalidInput(context, itemIndex, 'Updated At To', `${to} is before Updated At From ${from}`);
		}
		period.updatedAt = { from, to };
	}
	return period;
}

/** Consecutive windows of at most 120 days, newest first, that cover the period exactly. */
export function splitIntoWindows(from: CalendarDate, to: CalendarDate): Array<{ from: CalendarDate; to: CalendarDate }> {
	const windows: Array<{ from: CalendarDate; to: CalendarDate }> = [];
	let end = to;
	while (daysBetween(from, end) >= 0) {
		const start = daysBetween(from, addDays(end, -(MAX_PERIOD_DAYS - 1))) > 0 ? addDays(end, -(MAX_PERIOD_DAYS - 1)) : from;
		windows.push({ from: start, to: end });
		end = addDays(start, -1);
	}
	return windows;
}

function todayUtc(): CalendarDate {
	const now = new Date();
	return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const limit = readLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filterQs = clickItemFilterQuery(this, itemIndex, filters);
	const period = readPeriod(this, itemIndex, filters);

	// No period at all means today (UTC), as the service assumes; saying it explicitly keeps the
	// day fixed across the pages and lets the pages be pinned like any other period's.
	const days = period.days ?? (period.updatedAt ? undefined : { from: todayUtc(), to: todayUtc() });
	const windows = days ? splitIntoWindows(days.from, days.to) : [undefined];

	const queries = windows.map((window) => {
		const qs: IDataObject = { ...filterQs };
		if (window) {
			qs.dateFrom = toIsoDate(window.from);
			qs.dateTo = toIsoDate(window.to);
		}
		if (period.updatedAt) {
			qs.updatedAtFrom = period.updatedAt.from;
			qs.updatedAtTo = period.updatedAt.to;
		}
		return qs;
	});
	const records = await fetchClickReportWindows(this, {
		path: CLICK_REPORT_PATH,
		windows: queries,
		limit,
		itemIndex,
		pinToFirstPage: !period.updatedAt,
	});
	return toItems(records, itemIndex);
}
