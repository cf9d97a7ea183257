import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchedItem } from '../../../shared/batching';
import { runBatched } from '../../../shared/batching';
import { filtersCollection, optionsCollection } from '../../../shared/descriptions';
import {
	COUPON_SEARCH_PATH,
	IRIS_PER_SEARCH,
	categoryIdsField,
	couponSearchAnswer,
	couponsPerIri,
	languageCodesField,
	leftOutOf,
	readCategoryIds,
	readLanguageCodes,
	searchBody,
	searchGroupKey,
	spreadCoupons,
} from '../../../shared/monetize';
import { apiRequest } from '../../../shared/transport';
import { fieldChecks, optionalClickSubId, requireChoice } from '../../../shared/validation';
import type { LeftOutUrls } from '../../../shared/urlPairing';
import { readTargetUrls } from '../../../shared/validation/targetUrls';

const properties: INodeProperties[] = [
	{
		displayName: 'URLs',
		name: 'iris',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'e.g. https://www.example.com/product/123',
		description: 'The pages to find coupons for: one absolute http(s) URL per line, or an array from an expression',
	},
	{
		displayName: 'Sub ID',
		name: 'subId',
		type: 'string',
		default: '',
		description: "Your own label, applied to the coupons' tracking links: up to 6,144 Latin letters, digits, _ and -",
	},
	filtersCollection([
		{ ...categoryIdsField, description: `Only coupons in one of these categories. ${categoryIdsField.description}.` },
		{ ...languageCodesField, description: `Only coupons in one of these languages. ${languageCodesField.description}.` },
	]),
	optionsCollection([
		{
			displayName: 'URLs Left Out of the Answer',
			name: 'leftOutUrls',
			type: 'options',
			options: [
				{ name: 'Fail the Run', value: 'fail', description: 'An answer without an entry for every URL is an error, as a broken answer is' },
				{ name: 'Output No Coupons', value: 'nothingFound', description: 'A URL the answer leaves out gives no coupons, as one with an empty list' },
			],
			default: 'fail',
			description: "What a URL missing from the service's answer means. The service's documentation does not say whether it leaves out the URLs it has no coupons for.",
		},
	]),
];

const LEFT_OUT_CHOICES = ['fail', 'nothingFound'];

export const description = updateDisplayOptions({ show: { resource: ['coupon'], operation: ['search'] } }, properties);

/** One item's URLs and the group they search with, every field checked before any request. */
function readSearchItem(context: IExecuteFunctions, itemIndex: number): BatchedItem<string> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const checks = fieldChecks(context, itemIndex);
	const iris = checks.read(() => readTargetUrls(context, itemIndex, 'URLs', context.getNodeParameter('iris', itemIndex, '')));
	const subId = checks.read(() => optionalClickSubId(context, itemIndex, 'Sub ID', context.getNodeParameter('subId', itemIndex, '')));
	const languageCodes = checks.read(() => readLanguageCodes(context, itemIndex, filters.languageCodes));
	const categoryIds = checks.read(() => readCategoryIds(context, itemIndex, filters.categoryIds));
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const leftOut = checks.read(() => requireChoice(context, itemIndex, 'URLs Left Out of the Answer', options.leftOutUrls ?? 'fail', LEFT_OUT_CHOICES)) as LeftOutUrls;
	checks.done();
	return { group: searchGroupKey({ languageCodes, categoryIds, subId, leftOut }), values: iris };
}

/**
 * The coupons of every item's URLs, one item per coupon with the URL it was found for, paired
 * with its input item; items searching alike share requests (docs/nodes.md, Click Report, Coupon).
 * A search is a POST: never sent twice.
 */
export async function search(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const found = new WeakSet<IDataObject>();
	const [items] = await runBatched<string, IDataObject[]>(this, {
		perRequest: IRIS_PER_SEARCH,
		read: (itemIndex) => readSearchItem(this, itemIndex),
		send: async (batch) => {
			const answer = await apiRequest<{ data: Array<{ iri: string; coupons: IDataObject[] }> }>(this, 'click', {
				method: 'POST',
				path: COUPON_SEARCH_PATH,
				body: searchBody(batch.group, batch.values),
				expect: couponSearchAnswer(leftOutOf(batch.group)),
				itemIndex: batch.itemIndexes[0],
			});
			return couponsPerIri(answer, batch.values, leftOutOf(batch.group));
		},
		output: (coupons, iri) => {
			const json: IDataObject = { iri, coupons };
			found.add(json);
			return json;
		},
	});
	return [spreadCoupons(items, found)];
}
