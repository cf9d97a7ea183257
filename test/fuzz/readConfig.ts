/** Class B: what a read configuration is (catalogB.ts lists them), and the helpers they are written with. */
import type { INodeParameters } from 'n8n-workflow';

import type { RecordsAbout, Shape } from './answerFamily';
import { partnerNode, type Runner, type World } from './operation';

/** The sandbox's page cap for class B: the reference lists span pages. */
export const PAGE_CAP = 10;

export interface ReadConfig {
	name: string;
	shape: Shape;
	/** The record key its answers carry (empty for plain strings). */
	key: string;
	api: 'partner' | 'click';
	runner: Runner;
	parameters: (world: World) => INodeParameters;
	/** A loud failure must name the request (`GET /path`) or say what was read, in these words. */
	names: (world: World) => RegExp;
	/** Requests are told apart by their query, or (keyset pages, whose query depends on the clock) by their order. */
	labels: 'query' | 'ordinal';
	/** The trigger polls once undisturbed, and its second poll is the one whose answers are rewritten. */
	secondPoll?: boolean;
	twoWindows?: boolean;
	/** Gets the huge-count rewrites (hazards: a few configs, not all). */
	hugeCounts?: boolean;
	/** What its records are, for the families that rewrite their own fields (answersConversions.ts). */
	about?: RecordsAbout[];
	/** Reads with a POST (a coupon search): the proxy hands its answers to the rewrite too. */
	rewritesPost?: boolean;
	/** The most requests any of its runs may send, whatever the answers (a POST is never sent twice). */
	requestsAtMost?: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A loud failure names `GET <path>`, or says these words. */
export const naming = (path: string, words?: string) => () => new RegExp(`GET ${escape(path)}${words ? `|${words}` : ''}`, 'i');

/** A read of the Affiliate Partner node (version 1 unless `extra` says), named by its path. */
export const list = (name: string, shape: Shape, key: string, path: string, parameters: INodeParameters, extra: Partial<ReadConfig> = {}): ReadConfig => ({
	name,
	shape,
	key,
	api: 'partner',
	runner: partnerNode(),
	parameters: () => parameters,
	names: naming(path),
	labels: 'query',
	...extra,
});

