/**
 * Checks that the catalogues leave nothing out and say nothing the node does not: every operation
 * of the Affiliate Partner node and of Click Report 1.2's merchants, links and coupons has a class A
 * base, and every read a class B config (POSTs that change the account are judged by what they sent); every field
 * under fuzz (but the unknown keys) is one the panel shows, so that an error can be held to its
 * display name; every valid other value a read can take says what its output must keep.
 */
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { nodeTypes, PACKAGE } from '../harness/nodeTypes';
import { OPERATIONS } from './catalogA';
import { CONFIGS } from './catalogB';
import { displayNamesOf } from './displayNames';
import { HOSTILE } from './hostile';
import type { World } from './operation';
import type { Violation } from './protocol';

/** `resource.operation` of every operation a node's properties list, with `prefix` before it. */
function operationsOf(properties: INodeProperties[], prefix: string): string[] {
	const optionsOf = (name: string, resource?: string) =>
		(properties.find((p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)))?.options ?? []) as INodePropertyOptions[];
	return optionsOf('resource').flatMap((resource) => optionsOf('operation', String(resource.value)).map((operation) => `${prefix}${String(resource.value)}.${String(operation.value)}`));
}

/** Click Report 1.2's resources new with the monetize API (its click and action reads have their own operations, without `covers`). */
const CLICK_RESOURCES = /^clickReport:(merchant|coupon|link)\./;

export function coverage(world: World): Violation[] {
	const clickNode = nodeTypes.getByNameAndVersion(`${PACKAGE}.clickReport`, 1.2) as INodeType;
	const all = [...operationsOf(new AffiliatePartner().description.properties, ''), ...operationsOf(clickNode.description.properties, 'clickReport:').filter((name) => CLICK_RESOURCES.test(name))];
	const inA = new Set(OPERATIONS.map((operation) => operation.covers));
	// POSTs that change the account (creates, Join, Leave) are judged by what they sent, not by their answers.
	const posts = new Set(OPERATIONS.filter((operation) => operation.creates).map((operation) => operation.covers));
	const inB = new Set(
		CONFIGS.filter((config) => config.runner.kind === 'node').map((config) => {
			const parameters = config.parameters(world);
			return `${config.api === 'click' ? 'clickReport:' : ''}${String(parameters.resource)}.${String(parameters.operation)}`;
		}),
	);
	const fields = OPERATIONS.flatMap((operation) => operation.fields.filter((field) => field.kind !== 'unknownKey').map((field) => ({ operation, field })));
	const unnamed = fields.filter(({ operation, field }) => displayNamesOf(operation.runner, operation.base(world), field.path).length === 0);
	const unrelated = fields.flatMap(({ operation, field }) =>
		operation.creates ? [] : HOSTILE[field.kind].filter((value) => value.policy === 'either' && !value.relation).map((value) => `${operation.name}:${field.path}=${value.name}`),
	);
	return [
		...unnamed.map(({ operation, field }) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `${operation.name}: the panel shows no ${field.path}` })),
		...unrelated.map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `${name}: a valid other value on a read says nothing its output must keep` })),
		...all.filter((name) => !inA.has(name)).map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `class A has no base for ${name}` })),
		...all.filter((name) => !name.endsWith('.create') && !posts.has(name) && !inB.has(name)).map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `class B reads no answer of ${name}` })),
	];
}
