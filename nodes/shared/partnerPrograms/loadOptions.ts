/**
 * The program dropdown of the operations about one ad space's program (Deeplink → Create, Program
 * → Get and Leave): the chosen ad space's programs, each with its connection status (a deeplink
 * needs an active one). Without an ad space chosen (empty, or given by an expression the panel
 * cannot read), the account's programs of the last year's statistics, as elsewhere.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { getPrograms } from '../partnerStatistics/loadOptions';
import { fetchPartnerList, listOf } from '../transport';

/** The dropdown's method, and what it depends on, for a program field of these operations. */
export const AD_SPACE_PROGRAMS_OPTIONS = { loadOptionsMethod: 'getAdSpacePrograms', loadOptionsDependsOn: ['adSpaceId'] };

/** A program field that lists the chosen ad space's programs (the field stays the same parameter). */
export const listingAdSpacePrograms = (field: INodeProperties): INodeProperties => ({
	...field,
	typeOptions: { ...field.typeOptions, ...AD_SPACE_PROGRAMS_OPTIONS },
	description: `${String(field.description ?? '').replace(/ Choose from the list,/, ' The list shows the programs of the chosen ad space. Choose from it,')}`,
});

export async function getAdSpacePrograms(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const adSpaceId = this.getCurrentNodeParameter('adSpaceId');
	if (typeof adSpaceId !== 'string' || !/^\d+$/.test(adSpaceId)) return await getPrograms.call(this);
	const programs = await fetchPartnerList(this, {
		path: `/advcampaigns/website/${adSpaceId}/`,
		expect: listOf('id', "a list of the ad space's programs"),
		notFound: `Ad space ${adSpaceId}`,
	});
	return programs
		.map((program: IDataObject) => ({
			name: program.name ? `${String(program.name)} (${String(program.id)})` : String(program.id),
			value: String(program.id),
			description: typeof program.connection_status === 'string' ? `Connection: ${program.connection_status}` : undefined,
		}))
		.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
