import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { ClickPeriod } from '../../../shared/clickReport';
import {
	adSpaceIdFilter,
	checkPeriod,
	clickItemFilterQuery,
	fetchClickReportWindows,
	merchantIdFilter,
	periodQueries,
	subIdFilter,
	todayUtc,
} from '../../../shared/clickReport';
import { byDateInput, dateProperty } from '../../../shared/dateFields';
import { daysBetween, toIsoDate } from '../../../shared/dates';
import { filtersCollection, limit, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { fieldChecks, invalidInput, isEmptyInput, requireDate, requireInstant } from '../../../shared/validation';

/** Version 1.1: date parameters are text the node reads, not n8n's date picker (nodes/shared/dateFields.ts). */
const DATES_AS_TEXT_SINCE = 1.1;

/** Set to something (a date, or an expression): n8n's display rule for a filled-in field. */
const FILLED_IN = [{ _cnd: { exists: true as const } }];

const properties: INodeProperties[] = [
	{
		displayName: 'Without a period, the report covers today (UTC).',
		name: 'periodNotice',
		type: 'notice',
		default: '',
		// Said only while it is true: once a day or an Updated At is given, the period is that.
		displayOptions: {
			hide: { '/filters.dateFrom': FILLED_IN, '/filters.dateTo': FILLED_IN, '/filters.updatedAtFrom': FILLED_IN, '/filters.updatedAtTo': FILLED_IN },
		},
	},
	returnAll(),
	limit(),
	...byDateInput(DATES_AS_TEXT_SINCE, (input) => [
		filtersCollection([
			adSpaceIdFilter,
			dateProperty('day', input, { displayName: 'Date From', name: 'dateFrom', description: 'First day of clicks (UTC). Give Date To as well' }),
			dateProperty('day', input, { displayName: 'Date To', name: 'dateTo', description: 'Last day of clicks (UTC), included. Give Date From as well. A period longer than 120 days is read in windows of 120 days, a request or more each' }),
			merchantIdFilter,
			subIdFilter,
			dateProperty('instant', input, {
				displayName: 'Updated At From',
				name: 'updatedAtFrom',
				description: 'Only items whose statistics changed at or after this time. Give Updated At To as well. With only this pair, items are not filtered by day',
			}),
			dateProperty('instant', input, { displayName: 'Updated At To', name: 'updatedAtTo', description: 'Only items whose statistics changed at or before this time' }),
		]),
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['click'], operation: ['getMany'] } }, properties);

/** Both ends of a range, or neither; one alone is refused naming the missing one. */
function readPair(context: IExecuteFunctions, itemIndex: number, filters: IDataObject, names: [string, string], labels: [string, string]) {
	const [from, to] = [filters[names[0]], filters[names[1]]];
	if (isEmptyInput(from) !== isEmptyInput(to)) {
		const [given, missing] = isEmptyInput(from) ? [labels[1], labels[0]] : labels;
		throw invalidInput(context, itemIndex, missing, `give it together with "${given}" (the service takes both or neither)`);
	}
	return isEmptyInput(from) ? undefined : { from, to };
}

/** The days of the report (Date From and Date To), checked and cut to what the service can have. */
function readDays(context: IExecuteFunctions, itemIndex: number, filters: IDataObject): ClickPeriod['days'] {
	const days = readPair(context, itemIndex, filters, ['dateFrom', 'dateTo'], ['Date From', 'Date To']);
	if (days) {
		const from = requireDate(context, itemIndex, 'Date From', days.from);
		const to = requireDate(context, itemIndex, 'Date To', days.to);
		if (daysBetween(from, to) < 0) {
			throw invalidInput(context, itemIndex, 'Date To', `${toIsoDate(to)} is before Date From ${toIsoDate(from)}`);
		}
		// Each 120 days cost a request, so a period nobody means is refused or cut before any is sent.
		const checked = checkPeriod(from, to, todayUtc());
		if ('refused' in checked) throw invalidInput(context, itemIndex, checked.refused, checked.rule);
		if (checked.cutFrom) {
			context.logger.info(
				`Click Report: Date To ${toIsoDate(checked.cutFrom)} is after tomorrow (UTC), and no later day has clicks; the report is read up to ${toIsoDate(checked.to)}`,
			);
		}
		return { from: checked.from, to: checked.to };
	}
	return undefined;
}

/** The times of the last change (Updated At From and Updated At To), checked. */
function readUpdatedAt(context: IExecuteFunctions, itemIndex: number, filters: IDataObject): ClickPeriod['updatedAt'] {
	const updatedAt = readPair(context, itemIndex, filters, ['updatedAtFrom', 'updatedAtTo'], ['Updated At From', 'Updated At To']);
	if (!updatedAt) return undefined;
	const from = requireInstant(context, itemIndex, 'Updated At From', updatedAt.from);
	const to = requireInstant(context, itemIndex, 'Updated At To', updatedAt.to);
	if (Date.parse(to) < Date.parse(from)) {
		throw invalidInput(context, itemIndex, 'Updated At To', `${to} is before Updated At From ${from}`);
	}
	return { from, to };
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	// Every refused field is named in one error, before anything is sent.
	const checks = fieldChecks(this, itemIndex);
	const limit = checks.read(() => readLimit(this, itemIndex));
	const filterQs = checks.read(() => clickItemFilterQuery(this, itemIndex, filters, checks));
	const period: ClickPeriod = {
		days: checks.read(() => readDays(this, itemIndex, filters)),
		updatedAt: checks.read(() => readUpdatedAt(this, itemIndex, filters)),
	};
	checks.done();

	const records = await fetchClickReportWindows(this, {
		windows: periodQueries(period, filterQs),
		limit,
		itemIndex,
		pinToFirstPage: !period.updatedAt,
	});
	return toItems(records, itemIndex);
}
