/**
 * Class A: what an operation under fuzz is (a runner, a valid base built from the sandbox's data,
 * and the fields a hostile value can be put into, by kind), and the fields and bases several
 * operations share. The operations themselves: operationsPartner.ts, operationsClickAndTriggers.ts, operationsStatistics.ts,
 * operationsClickActions.ts, operationsConversions.ts;
 * catalogA.ts lists them.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox/server';
import type { ClickItem, PartnerData } from '../../sandbox/types';
import type { FieldKind } from './hostile';

/** What the bases are built from: the sandbox's seeded data and the run's clock. */
export interface World {
	data: PartnerData;
	clicks: ClickItem[];
	/** UTC days, `YYYY-MM-DD`. */
	daysAgo(days: number): string;
	/** An ISO instant, `hours` ago (negative: ahead). */
	hoursAgo(hours: number): string;
	/** A product URL on each of the first click merchants' domains (what a coupon search finds coupons for). */
	shopUrls: string[];
}

/** What an operation's oracle sees of a run: its output, and every request as the proxy forwarded it (`METHOD /path?query`). */
export interface OracleRun {
	ok: boolean;
	output: unknown[];
	sent: string[];
	parameters: INodeParameters;
	/** The error's message, when the run failed. */
	error?: string;
}

export type Runner =
	| { kind: 'node'; type: 'affiliatePartner' | 'clickReport'; typeVersion?: number }
	| { kind: 'trigger'; type: 'affiliatePartnerTrigger' | 'clickReportTrigger'; typeVersion?: number }
	| { kind: 'loadOptions'; method: 'getCurrencies' | 'getLanguages' | 'getAdSpaces' | 'getPrograms' };

/** A field under fuzz. Its name in errors is its display name, read from the node's description (displayNames.ts). */
export interface Field {
	/** `name`, or `collection.name`. */
	path: string;
	kind: FieldKind;
	/** The valid value hostile ones are made from, when the base leaves the field out. */
	sample?: (world: World) => unknown;
	/** For a create: the form field the value is sent in (what reached the sandbox is compared with what was given). */
	form?: string;
}

export interface Operation {
	name: string;
	/** The Affiliate Partner node's resource and operation it stands for, when it is one. */
	covers?: string;
	runner: Runner;
	api: 'partner' | 'click';
	/** Sends a POST that creates a record: run against a sandbox of its own, judged by what it sent. */
	creates?: boolean;
	base: (world: World) => INodeParameters;
	fields: Field[];
	/** What is wrong with a run, judged by what it sent and output (operationsLinks.ts); undefined when nothing is. */
	oracle?: (run: OracleRun) => string | undefined;
	/** Puts the sandbox back before each run, its runs one at a time (a Leave needs the program joined). */
	reset?: (sandbox: Sandbox) => Promise<void>;
}

export const partnerNode = (typeVersion?: number): Runner => ({ kind: 'node', type: 'affiliatePartner', typeVersion });
export const CLICK_REPORT: Runner = { kind: 'node', type: 'clickReport' };

export const f = (path: string, kind: FieldKind, more: Pick<Field, 'sample' | 'form'> = {}): Field => ({ path, kind, ...more });
export const op = (resource: string, operation: string, rest: INodeParameters = {}): INodeParameters => ({ resource, operation, ...rest });

/** A key the node does not have, at the top or in a collection. */
export const unknownKey = (collection?: string) => f(collection ? `${collection}.fuzzUnknown` : 'fuzzUnknown', 'unknownKey');

export const LIMIT_FIELD = f('limit', 'limit');
export const LIST_FIELDS = [f('returnAll', 'returnAll'), LIMIT_FIELD];
/** Lists are read with a Limit below their size, so that a Return All read by mistake shows. */
export const LIMITED = { returnAll: false, limit: 3 };

export const PROGRAM_ID = f('programId', 'id', { form: 'advcampaign' });
export const FLATTEN = f('options.flatten', 'optBool');
export const DECIMALS_AS_NUMBERS = f('options.decimalsAsNumbers', 'optBool');

export const program = (world: World, index: number) => String(world.data.programs[index].id);
export const website = (world: World) => String(world.data.websites[0].id);
