/**
 * How actions are output: as the service sends them, or one item per position (the product lines
 * of an order) for a sheet, each keeping what identifies its action. Positions carry their amounts
 * as decimal strings, the action its own as numbers (published-api-facts.md, section 1).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { decimalStringsToNumbers } from '../numbers';
import type { RecordCheck } from '../transport';

/** The position's amounts that come as decimal strings ("209.32"). */
export const POSITION_DECIMAL_FIELDS = ['amount', 'payment', 'rate'];

/** What each position's item keeps of its action, under the action's own field names. */
const ACTION_FIELDS_KEPT = ['action_id', 'order_id', 'advcampaign_id', 'advcampaign_name', 'status', 'status_updated', 'currency'];

export const onePerPositionOption: INodeProperties = {
	displayName: 'One Item per Position',
	name: 'onePerPosition',
	type: 'boolean',
	default: false,
	description:
		"Whether to output one item per position (product line) of each action, each with the action's ID, order ID, program, status and currency. An action without positions gives one item with those fields only.",
};

export const actionOrderByOption: INodeProperties = {
	displayName: 'Order By',
	name: 'orderBy',
	type: 'options',
	options: [
		{ name: 'Action Time (Newest First)', value: '-datetime' },
		{ name: 'Action Time (Oldest First)', value: 'datetime' },
		{ name: 'Click Time (Newest First)', value: '-click_date' },
		{ name: 'Click Time (Oldest First)', value: 'click_date' },
		{ name: 'Payment (Highest First)', value: '-payment' },
		{ name: 'Payment (Lowest First)', value: 'payment' },
		{ name: 'Status (A to Z)', value: 'status' },
		{ name: 'Status (Z to A)', value: '-status' },
	],
	default: '-datetime',
	description: 'The order the service lists the actions in',
};

export const ACTION_ORDER_BY = (actionOrderByOption.options as Array<{ value: string }>).map((option) => option.value);

/** With one item per position, every action must list its positions. */
export const positionsListed: RecordCheck = (action) =>
	Array.isArray(action.positions) && action.positions.every((position) => position !== null && typeof position === 'object' && !Array.isArray(position))
		? undefined
		: `has no "positions" list of objects (it is ${JSON.stringify(action.positions)?.slice(0, 60)})`;

export interface ActionShaping {
	onePerPosition: boolean;
	decimalsAsNumbers: boolean;
}

/** The actions as items' JSON, shaped as asked. */
export function shapeActions(actions: IDataObject[], shaping: ActionShaping): IDataObject[] {
	const decimals = (position: IDataObject) => (shaping.decimalsAsNumbers ? decimalStringsToNumbers(position, POSITION_DECIMAL_FIELDS) : position);
	if (!shaping.onePerPosition) {
		if (!shaping.decimalsAsNumbers) return actions;
		return actions.map((action) =>
			Array.isArray(action.positions) ? { ...action, positions: (action.positions as IDataObject[]).map(decimals) } : action,
		);
	}
	return actions.flatMap((action) => {
		const kept: IDataObject = {};
		for (const field of ACTION_FIELDS_KEPT) if (field in action) kept[field] = action[field];
		const positions = action.positions as IDataObject[];
		if (!positions.length) return [kept];
		return positions.map((position) => ({ ...kept, ...decimals(position) }));
	});
}
