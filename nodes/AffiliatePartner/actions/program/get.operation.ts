import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toItems } from '../../../shared/execution';
import { actionRatesListed, programAnswerViolation, programOfAnswer, shapePrograms } from '../../../shared/partnerPrograms';
import { apiRequest, shapedAs } from '../../../shared/transport';
import { fieldChecks } from '../../../shared/validation';
import { idFields, programOutputOptions, readAdSpaceId, readProgramId, readProgramShaping } from './fields';

const properties: INodeProperties[] = [...idFields(true, true), programOutputOptions()];

const displayOptions = { show: { resource: ['program'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const checks = fieldChecks(this, itemIndex);
	const adSpaceId = checks.read(() => readAdSpaceId(this, itemIndex));
	const programId = checks.read(() => readProgramId(this, itemIndex));
	const shaping = checks.read(() => readProgramShaping(this, itemIndex));
	checks.done();
	const answer = await apiRequest<unknown>(this, 'partner', {
		method: 'GET',
		path: `/advcampaigns/${programId}/website/${adSpaceId}/`,
		// The program itself (the docs) or {results: [program]} (Admitad's own client's mock): both taken.
		expect: shapedAs('the program asked for', programAnswerViolation(programId, shaping.onePerActionRate ? actionRatesListed : undefined)),
		itemIndex,
		notFound: `Program ${programId} of ad space ${adSpaceId}`,
	});
	return toItems(shapePrograms([programOfAnswer(answer)], shaping), itemIndex);
}
