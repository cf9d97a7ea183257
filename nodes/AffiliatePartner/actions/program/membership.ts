/**
 * Join and Leave: POST /advcampaigns/{c_id}/attach/{w_id}/ and …/detach/…, without a body
 * (/work/shared/spec/published-api-facts.md, section 4). A POST is never sent twice by the node
 * (docs/nodes.md, "The transport": Retries): one that failed after it was sent may have taken effect, which
 * Program → Get tells.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import type { Membership } from '../../../shared/partnerPrograms';
import { membershipAnswerViolation } from '../../../shared/partnerPrograms';
import { apiRequest, shapedAs } from '../../../shared/transport';
import { fieldChecks } from '../../../shared/validation';
import { idFields, readAdSpaceId, readProgramId } from './fields';

const PATH_WORD: Record<Membership, string> = { join: 'attach', leave: 'detach' };

const PROMISE: Record<Membership, string> = { join: 'the answer of a join', leave: 'the answer of a leave' };

/** Sends one join or leave for the item and outputs the service's answer as it came ({message, success}). */
async function changeMembership(context: IExecuteFunctions, itemIndex: number, membership: Membership): Promise<INodeExecutionData[]> {
	const checks = fieldChecks(context, itemIndex);
	const adSpaceId = checks.read(() => readAdSpaceId(context, itemIndex));
	const programId = checks.read(() => readProgramId(context, itemIndex));
	checks.done();
	const answer = await apiRequest<IDataObject>(context, 'partner', {
		method: 'POST',
		path: `/advcampaigns/${programId}/${PATH_WORD[membership]}/${adSpaceId}/`,
		expect: shapedAs(PROMISE[membership], membershipAnswerViolation(membership)),
		itemIndex,
		notFound: `Program ${programId} or ad space ${adSpaceId}`,
	});
	return toItems([answer], itemIndex);
}

/** The fields of Join or Leave, with a notice of what it does and how to check it after a failure, and its run. */
export function membershipOperation(membership: Membership, notice: string) {
	const properties: INodeProperties[] = [...idFields(true, membership === 'leave'), { displayName: notice, name: `${membership}Notice`, type: 'notice', default: '' }];
	return {
		description: updateDisplayOptions({ show: { resource: ['program'], operation: [membership] } }, properties),
		async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
			return await changeMembership(this, itemIndex, membership);
		},
	};
}
