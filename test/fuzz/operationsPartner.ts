/**
 * Class A: the Affiliate Partner node's operations with their valid bases: its 18 operations
 * (Landing Page: Get Many twice, with and without an ad space: its 19 endpoints), and its two
 * dropdowns (load options).
 */
import type { INodeParameters } from 'n8n-workflow';

import {
	DECIMALS_AS_NUMBERS,
	f,
	FLATTEN,
	LIMIT_FIELD,
	LIMITED,
	LIST_FIELDS,
	op,
	partnerNode,
	program,
	PROGRAM_ID,
	unknownKey,
	website,
	type Field,
	type Operation,
} from './operation';

/** An operation of the node, named as the resource and operation it covers. */
function reading(resource: string, operation: string, base: Operation['base'], fields: Field[], typeVersion?: number): Operation {
	const name = `${resource}.${operation}`;
	return { name, covers: name, runner: partnerNode(typeVersion), api: 'partner', base, fields };
}

const simpleList = (resource: string, extra: Field[] = []) =>
	reading(resource, 'getMany', () => op(resource, 'getMany', { ...LIMITED }), [...LIST_FIELDS, ...extra, unknownKey('options')]);

const claimFilterFields = (withAppealStatus: boolean): Field[] => [
	f('filters.programId', 'optId'),
	f('filters.adSpaceId', 'optId', { sample: website }),
	f('filters.status', 'optChoice'),
	f('filters.startDate', 'optDateFrom'),
	f('filters.endDate', 'optDateTo'),
	f('filters.appealId', 'optText', { sample: () => 'AP-100001' }),
	...(withAppealStatus ? [f('filters.appealStatus', 'optChoice', { sample: () => 'processing' })] : []),
	unknownKey('filters'),
];

/** A claim list; at `typeVersion` (1.3: the program and ad space filters are dropdowns), named with it. */
export function claimList(resource: 'lostOrder' | 'appeal', programIndex: number, typeVersion?: number): Operation {
	const list = reading(
		resource,
		'getMany',
		(world) =>
			op(resource, 'getMany', {
				...LIMITED,
				filters: { programId: program(world, programIndex), status: 'rejected', startDate: world.daysAgo(365), endDate: world.daysAgo(0) },
			}),
		[...LIST_FIELDS, ...claimFilterFields(resource === 'lostOrder'), FLATTEN],
	);
	return atVersion(list, typeVersion);
}

/** An operation run at another version than its own, named `<name>@<version>` (it covers nothing more). */
function atVersion(operation: Operation, typeVersion: number | undefined): Operation {
	if (typeVersion === undefined) return operation;
	return { ...operation, name: `${operation.name}@${typeVersion}`, covers: undefined, runner: partnerNode(typeVersion) };
}

/** A create of a lost order (version 1.1, or `typeVersion`) or an appeal claim: the fields both forms have, and its own. */
function claimCreate(resource: 'lostOrder' | 'appeal', programIndex: number, rest: INodeParameters, additional: INodeParameters, fields: Field[], typeVersion?: number): Operation {
	const base: Operation['base'] = (world) =>
		op(resource, 'create', {
			programId: program(world, programIndex),
			orderId: `FZ-${resource}-1`,
			receiptBinaryProperty: '',
			...rest,
			additionalFields: { comment: 'fuzz comment', appealId: 'AP-1', ...additional },
		});
	const common = [
		PROGRAM_ID,
		f('orderId', 'text', { form: 'order_id' }),
		f('receiptBinaryProperty', 'binaryProperty'),
		f('additionalFields.comment', 'comment', { form: 'comment' }),
		f('additionalFields.appealId', 'optText', { form: 'appeal_id' }),
	];
	const made = { ...reading(resource, 'create', base, [...common, ...fields], resource === 'lostOrder' ? 1.1 : undefined), creates: true };
	return atVersion(made, typeVersion);
}

const categoryOptions: Field[] = [f('options.language', 'optLanguage'), f('options.orderBy', 'optChoice'), unknownKey('options')];

/** The exchange rate's and a category's parameters: also the parameters the dropdowns are loaded with. */
const rateOf = () => op('currency', 'getRate', { baseCurrency: 'USD', targetCurrency: 'EUR', date: '2026-03-01' });
const categoryFour = () => op('category', 'get', { categoryId: '4', options: { language: 'de' } });

export const PARTNER_OPERATIONS: Operation[] = [
	simpleList('adSpaceKind'),
	simpleList('region'),
	simpleList('trafficSource'),
	simpleList('language'),
	simpleList('currency', [DECIMALS_AS_NUMBERS]),
	reading('language', 'get', () => op('language', 'get', { languageCode: 'de' }), [f('languageCode', 'language'), unknownKey()]),
	reading('category', 'get', categoryFour, [f('categoryId', 'id'), f('options.language', 'optLanguage')]),
	reading(
		'category',
		'getMany',
		(world) =>
			op('category', 'getMany', {
				...LIMITED,
				filters: { programIds: `${program(world, 0)}, ${program(world, 1)}` },
				options: { language: 'de', orderBy: '-name' },
			}),
		[...LIST_FIELDS, f('filters.programIds', 'idList'), ...categoryOptions],
	),
	reading(
		'category',
		'getManyForProgram',
		(world) => op('category', 'getManyForProgram', { programId: program(world, 1), ...LIMITED, options: { language: 'de', orderBy: 'name' } }),
		[PROGRAM_ID, ...LIST_FIELDS, ...categoryOptions],
	),
	reading('currency', 'getRate', rateOf, [
		f('baseCurrency', 'currency'),
		f('targetCurrency', 'currency'),
		f('date', 'date'),
		DECIMALS_AS_NUMBERS,
	]),
	reading('landingPage', 'getMany', (world) => op('landingPage', 'getMany', { programId: program(world, 0), ...LIMITED }), [PROGRAM_ID, ...LIST_FIELDS]),
	{
		// The same operation with an ad space, another endpoint.
		name: 'landingPage.getMany.adSpace',
		runner: partnerNode(),
		api: 'partner',
		base: (world) => op('landingPage', 'getMany', { programId: program(world, 0), adSpaceId: website(world), ...LIMITED }),
		fields: [PROGRAM_ID, f('adSpaceId', 'optId'), LIMIT_FIELD],
	},
	reading('lostOrder', 'get', (world) => op('lostOrder', 'get', { lostOrderId: String(world.data.lostOrders[3].id) }), [f('lostOrderId', 'id'), FLATTEN]),
	reading('appeal', 'get', (world) => op('appeal', 'get', { appealClaimId: String(world.data.appeals[3].id), options: { decimalsAsNumbers: true } }), [
		f('appealClaimId', 'id'),
		DECIMALS_AS_NUMBERS,
		FLATTEN,
	]),
	claimList('lostOrder', 0),
	claimList('appeal', 1),
	reading(
		'lostOrder',
		'getOrderStatus',
		(world) => {
			const known = world.data.knownOrders.filter((order) => order.advcampaign === world.data.knownOrders[0].advcampaign);
			return op('lostOrder', 'getOrderStatus', { programId: String(known[0].advcampaign), orderIds: `${known[0].order_id}, ${known[1].order_id}` });
		},
		[PROGRAM_ID, f('orderIds', 'orderIds')],
		1.1,
	),
	lostOrderCreate(),
	claimCreate('appeal', 1, {}, {}, []),
];

/** The lost-order create with its own fields: at version 1.1, or at `typeVersion` (1.3: the program and ad space are dropdowns). */
export function lostOrderCreate(typeVersion?: number): Operation {
	return claimCreate(
		'lostOrder',
		0,
		{ adSpaceId: '1021', orderDate: '2026-03-14', orderPrice: 10 },
		{ estimatedReward: 2 },
		[
			f('adSpaceId', 'id', { form: 'website' }),
			f('orderDate', 'date', { form: 'order_date' }),
			f('orderPrice', 'amount', { form: 'order_price' }),
			f('additionalFields.estimatedReward', 'optNumber', { form: 'estimated_reward' }),
			unknownKey('additionalFields'),
		],
		typeVersion,
	);
}

/** The dropdowns ignore the node's other parameters: any value there must leave the options alone. */
export const PARTNER_DROPDOWNS: Operation[] = [
	{
		name: 'loadOptions.getCurrencies',
		runner: { kind: 'loadOptions', method: 'getCurrencies' },
		api: 'partner',
		base: rateOf,
		fields: [f('baseCurrency', 'nodeParameter'), f('targetCurrency', 'nodeParameter')],
	},
	{
		name: 'loadOptions.getLanguages',
		runner: { kind: 'loadOptions', method: 'getLanguages' },
		api: 'partner',
		base: categoryFour,
		fields: [f('options.language', 'nodeParameter'), f('categoryId', 'nodeParameter')],
	},
];
