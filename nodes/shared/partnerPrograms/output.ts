/**
 * How programs are output: as the service sends them, or one item per rate of their actions
 * (actions_detail[].tariffs[].rates[]) for a sheet. The program's rating and trends and the rates'
 * size and price come as decimal strings (/work/shared/spec/published-api-facts.md, section 4);
 * Decimals as Numbers turns them into numbers, as it does for the actions' positions.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { decimalStringsToNumbers } from '../numbers';
import type { RecordCheck } from '../transport';

/** The program's fields that come as decimal strings ("2.3", "-7.0000"). */
export const PROGRAM_DECIMAL_FIELDS = ['rating', 'cr_trend', 'ecpc_trend', 'epc_trend'];

/** A rate's fields that come as decimal strings ("7.00", "0.00"). */
export const RATE_DECIMAL_FIELDS = ['size', 'price_s'];

export const onePerActionRateOption: INodeProperties = {
	displayName: 'One Item per Action Rate',
	name: 'onePerActionRate',
	type: 'boolean',
	default: false,
	description:
		"Whether to output one item per rate of each program's actions, for a sheet: the program's ID (advcampaign_id), name and currency, the action's ID, name and type, the tariff's ID and name, then the rate's own fields as the service sends them: its ID, size, is_percentage, price_s, date_s and country. A program, action or tariff without rates gives one item with the fields above it.",
};

export interface ProgramShaping {
	onePerActionRate: boolean;
	decimalsAsNumbers: boolean;
}

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);
const isListOfObjects = (value: unknown): value is IDataObject[] => Array.isArray(value) && value.every(isObject);
const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 60);

/**
 * With one item per action rate, every program must list its actions' tariffs and rates as lists
 * of objects: anything else would silently drop rates from the sheet.
 */
export const actionRatesListed: RecordCheck = (program) => {
	if (!isListOfObjects(program.actions_detail)) return `has no "actions_detail" list of objects (it is ${shown(program.actions_detail)})`;
	for (const [actionIndex, action] of program.actions_detail.entries()) {
		if (!isListOfObjects(action.tariffs)) return `has an action (actions_detail[${actionIndex}]) without a "tariffs" list of objects (it is ${shown(action.tariffs)})`;
		for (const [tariffIndex, tariff] of action.tariffs.entries()) {
			if (!isListOfObjects(tariff.rates)) {
				return `has a tariff (actions_detail[${actionIndex}].tariffs[${tariffIndex}]) without a "rates" list of objects (it is ${shown(tariff.rates)})`;
			}
		}
	}
	return undefined;
};

/** The rates of every tariff of every action with their decimals as numbers, where the tree is lists. */
function ratesAsNumbers(actionsDetail: unknown): unknown {
	if (!Array.isArray(actionsDetail)) return actionsDetail;
	return actionsDetail.map((action: unknown) => {
		if (!isObject(action) || !Array.isArray(action.tariffs)) return action;
		const tariffs = action.tariffs.map((tariff: unknown) => {
			if (!isObject(tariff) || !Array.isArray(tariff.rates)) return tariff;
			return { ...tariff, rates: tariff.rates.map((rate: unknown) => (isObject(rate) ? decimalStringsToNumbers(rate, RATE_DECIMAL_FIELDS) : rate)) };
		});
		return { ...action, tariffs };
	});
}

/** One program as the service sent it, its decimals as numbers when asked. */
function programAsSent(program: IDataObject, decimalsAsNumbers: boolean): IDataObject {
	if (!decimalsAsNumbers) return program;
	const converted = decimalStringsToNumbers(program, PROGRAM_DECIMAL_FIELDS);
	if ('actions_detail' in program) converted.actions_detail = ratesAsNumbers(program.actions_detail) as IDataObject[];
	return converted;
}

/** The items of one program's rates: each level's identity, then the rate's fields. */
function programRates(program: IDataObject, decimalsAsNumbers: boolean): IDataObject[] {
	const ofProgram: IDataObject = { advcampaign_id: program.id, advcampaign_name: program.name, currency: program.currency };
	const actions = program.actions_detail as IDataObject[];
	if (!actions.length) return [ofProgram];
	return actions.flatMap((action) => {
		const ofAction = { ...ofProgram, action_id: action.id, action_name: action.name, action_type: action.type };
		const tariffs = action.tariffs as IDataObject[];
		if (!tariffs.length) return [ofAction];
		return tariffs.flatMap((tariff) => {
			const ofTariff = { ...ofAction, tariff_id: tariff.id, tariff_name: tariff.name };
			const rates = tariff.rates as IDataObject[];
			if (!rates.length) return [ofTariff];
			return rates.map((rate) => ({ ...ofTariff, ...(decimalsAsNumbers ? decimalStringsToNumbers(rate, RATE_DECIMAL_FIELDS) : rate) }));
		});
	});
}

/** The programs as items' JSON, shaped as asked. One item per action rate needs `actionRatesListed` to have held. */
export function shapePrograms(programs: IDataObject[], shaping: ProgramShaping): IDataObject[] {
	if (shaping.onePerActionRate) return programs.flatMap((program) => programRates(program, shaping.decimalsAsNumbers));
	return programs.map((program) => programAsSent(program, shaping.decimalsAsNumbers));
}
