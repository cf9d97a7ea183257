/** The filters every read of claims offers (spec 4.2, 4.3): the Affiliate Partner node's lists and its trigger. */
import type { INodeProperties } from 'n8n-workflow';

export const claimAdSpaceIdFilter: INodeProperties = {
	displayName: 'Ad Space ID',
	name: 'adSpaceId',
	type: 'string',
	default: '',
	placeholder: '22',
	description: 'Only claims of this ad space (website)',
};

export const claimProgramIdFilter: INodeProperties = {
	displayName: 'Program ID',
	name: 'programId',
	type: 'string',
	default: '',
	placeholder: '6115',
	description: 'Only claims of this affiliate program (advcampaign)',
};
