import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { limit, optionsCollection, returnAll } from '../../../shared/descriptions';
import { readLimit, toItems } from '../../../shared/execution';
import { decimalsAsNumbersOption } from '../../../shared/numbers';
import {
	ACTION_ORDER_BY,
	actionAnswersQuery,
	actionFilters,
	actionOrderByOption,
	onePerPositionOption,
	positionsListed,
	readActionFilters,
	shapeActions,
} from '../../../shared/partnerActions';
import { fetchPartnerList, listOf } from '../../../shared/transport';
import { isEmptyInput, readBoolean, requireChoice } from '../../../shared/validation';

const properties: INodeProperties[] = [
	returnAll(),
	limit(),
	actionFilters(),
	optionsCollection([
		{ ...decimalsAsNumbersOption, description: `${decimalsAsNumbersOption.description} Here: the positions' amount, payment and rate.` },
		onePerPositionOption,
		actionOrderByOption,
	]),
];

const displayOptions = { show: { resource: ['action'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const qs = readActionFilters(this, itemIndex, this.getNodeParameter('filters', itemIndex, {}) as IDataObject);
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const shaping = {
		decimalsAsNumbers: readBoolean(this, itemIndex, 'Decimals as Numbers', options.decimalsAsNumbers),
		onePerPosition: readBoolean(this, itemIndex, 'One Item per Position', options.onePerPosition),
	};
	if (!isEmptyInput(options.orderBy)) qs.order_by = requireChoice(this, itemIndex, 'Order By', options.orderBy, ACTION_ORDER_BY);
	const limit = readLimit(this, itemIndex);
	const actions = await fetchPartnerList(this, {
		path: '/statistics/actions/',
		qs,
		limit,
		itemIndex,
		expect: listOf('id', 'a list of actions', {
			check: (action, asked) => actionAnswersQuery(action, asked) ?? (shaping.onePerPosition ? positionsListed(action, asked) : undefined),
		}),
	});
	return toItems(shapeActions(actions, shaping), itemIndex);
}
