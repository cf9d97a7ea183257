import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runBatched } from '../../../shared/batching';
import { optionsCollection } from '../../../shared/descriptions';
import { groupKey, linkOutput, resolveBatch, RESOLVES_IN_FLIGHT, URLS_PER_REQUEST } from '../../../shared/linkResolve';
import type { LeftOutUrls, ResolvedLink } from '../../../shared/linkResolve';
import { fieldChecks, optionalClickSubId, readBoolean, requireChoice } from '../../../shared/validation';
import { readTargetUrls } from '../../../shared/validation/targetUrls';

const properties: INodeProperties[] = [
	{
		displayName: 'URLs',
		name: 'urls',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'https://shop.example/product/42',
		description: 'The pages to make affiliate links for, one URL a line (or an array from an expression); each an absolute http(s) URL',
	},
	{
		displayName: 'Sub ID',
		name: 'subId',
		type: 'string',
		default: '',
		description: 'Added to every link of this item, to tell your traffic apart in the reports: Latin letters, digits, _ and -, at most 6,144 characters',
	},
	optionsCollection([
		{
			displayName: 'With Images',
			name: 'withImages',
			type: 'boolean',
			default: false,
			description: "Whether to return the logo of each link's advertiser as imageUrl",
		},
		{
			displayName: 'URLs Left Out of the Answer',
			name: 'leftOutUrls',
			type: 'options',
			options: [
				{ name: 'Fail the Run', value: 'fail', description: 'An answer without an entry for every URL is an error, as a broken answer is' },
				{
					name: 'Output as Not Resolved',
					value: 'nothingFound',
					description: 'A URL the answer leaves out is output with resolved false and trackingLink null, as one no program covers',
				},
			],
			default: 'fail',
			description:
				"What a URL missing from the service's answer means. The service's documentation does not say whether it leaves out the URLs no program covers.",
		},
	]),
];

const LEFT_OUT_CHOICES = ['fail', 'nothingFound'];

export const description = updateDisplayOptions({ show: { resource: ['link'], operation: ['resolve'] } }, properties);

/** Reads one item: its URLs, and the group (sub ID, With Images) whose requests may carry them; every refused field named at once. */
function readItem(context: IExecuteFunctions, itemIndex: number) {
	const options = context.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const checks = fieldChecks(context, itemIndex);
	const urls = checks.read(() => readTargetUrls(context, itemIndex, 'URLs', context.getNodeParameter('urls', itemIndex, '')));
	const subId = checks.read(() => optionalClickSubId(context, itemIndex, 'Sub ID', context.getNodeParameter('subId', itemIndex, '')));
	const withImages = checks.read(() => readBoolean(context, itemIndex, 'With Images', options.withImages));
	const leftOut = checks.read(() => requireChoice(context, itemIndex, 'URLs Left Out of the Answer', options.leftOutUrls ?? 'fail', LEFT_OUT_CHOICES)) as LeftOutUrls;
	checks.done();
	return { group: groupKey({ subId, withImages, leftOut }), values: urls };
}

/**
 * Every item's URLs, batched across items (nodes/shared/batching): one output item per URL,
 * paired with its input item, in the order given (docs/nodes.md, "Link (Click Report 1.2)").
 */
export async function resolve(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await runBatched<string, ResolvedLink>(this, {
		perRequest: URLS_PER_REQUEST,
		inFlight: RESOLVES_IN_FLIGHT,
		read: (itemIndex) => readItem(this, itemIndex),
		send: async (batch) => await resolveBatch(this, batch),
		output: (entry, url) => linkOutput(entry, url),
	});
}
