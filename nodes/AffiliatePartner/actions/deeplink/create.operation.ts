import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runBatched } from '../../../shared/batching';
import type { Deeplink, DeeplinkTarget } from '../../../shared/deeplinks';
import { DEEPLINK_SUB_IDS, DEEPLINK_REQUESTS_IN_FLIGHT, URLS_PER_DEEPLINK_REQUEST, deeplinkAnswer, deeplinkGroup, deeplinkItem, readDeeplinkSubIds, readDeeplinks } from '../../../shared/deeplinks';
import { idField, idFieldName } from '../../../shared/partnerIds';
import { apiRequest } from '../../../shared/transport';
import { fieldChecks, requireId } from '../../../shared/validation';
import { readTargetUrls } from '../../../shared/validation/targetUrls';
import { listingAdSpacePrograms } from '../../../shared/partnerPrograms/loadOptions';
import { programIdField } from '../../helpers/fields';

// A resource new in every version of the node: its ad space and program are dropdowns in all of them.
const AD_SPACE_FIELD = idFieldName('adSpace', 'dropdown');
const PROGRAM_FIELD = idFieldName('program', 'dropdown');
const URLS_FIELD = 'URLs';

const properties: INodeProperties[] = [
	idField('adSpace', 'dropdown', {
		name: 'adSpaceId',
		required: true,
		textDescription: 'ID of your ad space (website) the links are for',
		dropdownDescription: 'Your ad space (website) the links are for',
	}),
	listingAdSpacePrograms(programIdField('dropdown', { which: 'whose links to make; your ad space must have joined it' })),
	{
		displayName: URLS_FIELD,
		name: 'urls',
		type: 'string',
		typeOptions: { rows: 4 },
		required: true,
		default: '',
		placeholder: 'https://shop.example/product/1',
		description:
			'The pages to link to, one absolute http(s) URL per line, or an array of URLs from an expression. Each URL gives one output item with its affiliate link.',
	},
	{
		displayName: 'Sub IDs',
		name: 'subIds',
		type: 'collection',
		placeholder: 'Add Sub ID',
		default: {},
		description: 'Your own labels, carried in the links and reported with their clicks and conversions',
		options: DEEPLINK_SUB_IDS.map((field) => ({
			displayName: field.label,
			name: field.name,
			type: 'string' as const,
			default: '',
			description: `Sent as ${field.query}: at most ${field.max} characters, without "%00"`,
		})),
	},
];

const displayOptions = { show: { resource: ['deeplink'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Reads and checks one item: its target and URLs, every refused field named in one error. */
function readItem(context: IExecuteFunctions, itemIndex: number): { target: DeeplinkTarget; urls: string[] } {
	const checks = fieldChecks(context, itemIndex);
	const adSpaceId = checks.read(() => requireId(context, itemIndex, AD_SPACE_FIELD, context.getNodeParameter('adSpaceId', itemIndex)));
	const programId = checks.read(() => requireId(context, itemIndex, PROGRAM_FIELD, context.getNodeParameter('programId', itemIndex)));
	const urls = checks.read(() => readTargetUrls(context, itemIndex, URLS_FIELD, context.getNodeParameter('urls', itemIndex)));
	const subIds = readDeeplinkSubIds(context, itemIndex, context.getNodeParameter('subIds', itemIndex, {}) as IDataObject, checks);
	checks.done();
	return { target: { adSpaceId, programId, subIds }, urls };
}

/**
 * Deeplink → Create for all input items at once: the URLs of items with the same ad space,
 * program and sub IDs share requests of up to 200 `ulp`, in input order, and each link comes back
 * to its URL's item (nodes/shared/batching).
 */
export async function create(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const targets = new Map<string, DeeplinkTarget>();
	return await runBatched<string, Deeplink>(this, {
		perRequest: URLS_PER_DEEPLINK_REQUEST,
		inFlight: DEEPLINK_REQUESTS_IN_FLIGHT,
		read: (itemIndex) => {
			const { target, urls } = readItem(this, itemIndex);
			const group = deeplinkGroup(target);
			targets.set(group, target);
			return { group, values: urls };
		},
		send: async (batch) => {
			const { adSpaceId, programId, subIds } = targets.get(batch.group) as DeeplinkTarget;
			const body = await apiRequest<unknown[]>(this, 'partner', {
				method: 'GET',
				path: `/deeplink/${adSpaceId}/advcampaign/${programId}/`,
				qs: { ...subIds, ulp: batch.values },
				expect: deeplinkAnswer,
				itemIndex: batch.itemIndexes[0],
				notFound: `Ad space ${adSpaceId} or program ${programId}`,
			});
			return readDeeplinks(body);
		},
		output: (deeplink, url) => deeplinkItem(deeplink, url),
	});
}
