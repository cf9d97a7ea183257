/**
 * What the fuzz worker runs cases on: three in-process sandboxes (class A reads, class A creates,
 * class B with a low page cap) behind the fuzz proxy, and one attempt of a node, a trigger's poll
 * or a load-options method through real n8n-core (the harness's runNode, createTrigger,
 * loadOptions) with a credential whose Base URL is the case's route on the proxy.
 */
import type { INodeCredentials, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import { SandboxClient } from '../../sandbox/client';
import { startSandbox, type Sandbox } from '../../sandbox/server';
import { clickCredential, everythingVisible, partnerCredential } from '../foundation/helpers';
import { loadOptions } from '../harness/loadOptions';
import { createTrigger, credentialsHelper, runNode } from '../harness/run';
import { PAGE_CAP } from './catalogB';
import { CONFIRMED_CLICK_ACTIONS } from './catalogBConversions';
import type { Runner, World } from './operation';
import { startProxy, type CaseRoute, type FuzzProxy, type Route } from './proxy';

/** A sandbox behind the proxy, and the world the bases are built from. */
export interface Place {
	sandbox: Sandbox;
	world: World;
	proxy: FuzzProxy;
}

export interface Stage {
	aRead: Place;
	aCreate: Place;
	b: Place;
}

/** A product URL on each of the sandbox's first 20 merchants' domains, read straight from it: what a coupon search finds coupons for. */
async function shopUrlsOf(sandbox: Sandbox): Promise<string[]> {
	const response = await fetch(`${sandbox.clickUrl}/v1/product/monetize-api/v2/merchant?limit=20`, { headers: { authorization: `Bearer ${sandbox.publicKey}` } });
	const page = (await response.json()) as { data: Array<{ defaultDomain: string }> };
	return page.data.map((merchant, index) => `https://www.${merchant.defaultDomain}/p/${index}?colour=red,blue`);
}

async function worldOf(sandbox: Sandbox): Promise<World> {
	const now = Date.now();
	return {
		data: sandbox.data,
		clicks: sandbox.clicks.all(),
		daysAgo: (days) => new Date(now - days * 86_400_000).toISOString().slice(0, 10),
		hoursAgo: (hours) => new Date(now - hours * 3_600_000).toISOString(),
		shopUrls: await shopUrlsOf(sandbox),
	};
}

export async function startStage(): Promise<Stage> {
	const sandboxes = await Promise.all([
		startSandbox({ clickItems: 3000, clickDays: 200 }),
		startSandbox({ clickItems: 10, clickDays: 2 }),
		startSandbox({ clickItems: 3000, clickDays: 200, partnerLimitCap: PAGE_CAP }),
	]);
	const worlds = await Promise.all(sandboxes.map(worldOf));
	// The click actions of class B span cursor pages: more confirmed ones than a page (500) holds, created now.
	await new SandboxClient(sandboxes[2]).createActions('click', Array.from({ length: CONFIRMED_CLICK_ACTIONS }, () => ({ status: 'CONFIRMED' })));
	const proxy = await startProxy();
	const [aRead, aCreate, b] = sandboxes.map((sandbox, index): Place => ({ sandbox, world: worlds[index], proxy }));
	return { aRead, aCreate, b };
}

export const secretsOf = (sandbox: Sandbox) => [sandbox.accessToken, sandbox.clientSecret, sandbox.publicKey, ...Object.values(sandbox.tokens)];

/** Computed once per worker: the baselines, by what they are the baseline of. */
const memo = new Map<string, Promise<unknown>>();
export function once<T>(key: string, make: () => Promise<T>): Promise<T> {
	if (!memo.has(key)) memo.set(key, make());
	return memo.get(key) as Promise<T>;
}

interface Failure {
	name: string;
	message: string;
	/** Everything the error shows a user or a log, its node's parameters too. */
	visible: string;
	/** What the error says: its message and description. */
	says: string;
}

export interface Execution {
	ok: boolean;
	output: unknown[];
	error?: Failure;
}

const failureOf = (error: unknown): Failure => {
	const failure = error as { name?: string; message?: string; description?: string | null; constructor?: { name?: string } };
	return {
		name: failure?.name && failure.name !== 'Error' ? failure.name : (failure?.constructor?.name ?? 'unknown'),
		message: String(failure?.message ?? error),
		visible: everythingVisible(error),
		says: `${String(failure?.message ?? error)}\n${failure?.description ?? ''}`,
	};
};

async function execute(runner: Runner, parameters: INodeParameters, credentials: INodeCredentials, beforeSecondPoll?: () => void): Promise<Execution> {
	try {
		if (runner.kind === 'node') {
			const run = await runNode({ type: runner.type, parameters, credentials, typeVersion: runner.typeVersion });
			if (run.error) return { ok: false, output: [], error: failureOf(run.error) };
			return { ok: true, output: run.items.map((item) => item.json) };
		}
		if (runner.kind === 'trigger') {
			const trigger = createTrigger(parameters, credentials, {}, runner.type, runner.typeVersion);
			if (beforeSecondPoll) {
				await trigger.poll();
				beforeSecondPoll();
			}
			const emitted = await trigger.poll();
			return { ok: true, output: emitted ? emitted[0].map((item) => item.json) : [] };
		}
		const options: INodePropertyOptions[] = await loadOptions('affiliatePartner', runner.method, parameters, credentials);
		return { ok: true, output: options };
	} catch (error) {
		return { ok: false, output: [], error: failureOf(error) };
	}
}

export interface Attempt {
	execution: Execution;
	route: CaseRoute;
	/** Tokens minted for the case's credential (client credentials). */
	minted: string[];
	/** For a create: the form fields the sandbox received. */
	form?: Record<string, string>;
}

/** One run through n8n-core on its own route of the proxy; with `beforeSecondPoll`, a trigger polls twice. */
export async function attempt(
	place: Place,
	api: 'partner' | 'click',
	runner: Runner,
	parameters: INodeParameters,
	route: Omit<Route, 'upstream' | 'api'>,
	options: { clientCredentials?: boolean; beforeSecondPoll?: (route: CaseRoute) => void } = {},
): Promise<Attempt> {
	const { sandbox } = place;
	const caseRoute = place.proxy.open({ ...route, api, upstream: api === 'partner' ? sandbox.partnerUrl : sandbox.clickUrl });
	const credentials =
		api === 'click'
			? clickCredential(sandbox, { baseUrl: caseRoute.baseUrl })
			: partnerCredential(sandbox, {
					baseUrl: caseRoute.baseUrl,
					clientId: sandbox.clientId,
					clientSecret: sandbox.clientSecret,
					...(options.clientCredentials ? { authentication: 'clientCredentials', accessToken: '' } : {}),
				});
	const beforeSecondPoll = options.beforeSecondPoll ? () => options.beforeSecondPoll!(caseRoute) : undefined;
	const execution = await execute(runner, parameters, credentials, beforeSecondPoll);
	const token = credentialsHelper.storedAccessToken(String(Object.values(credentials)[0].id));
	const minted = token ? [token] : [];
	const post = sandbox.requests.find((request) => request.method === 'POST' && request.headers['x-fuzz-case'] === caseRoute.marker && request.multipart);
	return { execution, route: caseRoute, minted, form: post?.multipart?.fields };
}
