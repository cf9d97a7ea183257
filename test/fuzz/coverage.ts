/**
 * Checks that the catalogues leave nothing out and say nothing the node does not: every operation
 * of the Affiliate Partner node has a class A base, and every read a class B config; every field
 * under fuzz (but the unknown keys) is one the panel shows, so that an error can be held to its
 * display name; every valid other value a read can take says what its output must keep.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { OPERATIONS } from './catalogA';
import { CONFIGS } from './catalogB';
import { displayNamesOf } from './displayNames';
import { HOSTILE } from './hostile';
import type { World } from './operation';
import type { Violation } from './protocol';

export function coverage(world: World): Violation[] {
	const { properties } = new AffiliatePartner().description;
	const optionsOf = (name: string, resource?: string) =>
		(properties.find((p) => p.name === name && (!resource || p.displayOptions?.show?.resource?.includes(resource)))?.options ?? []) as INodePropertyOptions[];
	const all = optionsOf('resource').flatMap((resource) => optionsOf('operation', String(resource.value)).map((operation) => `${String(resource.value)}.${String(operation.value)}`));
	const inA = new Set(OPERATIONS.map((operation) => operation.covers));
	const inB = new Set(
		CONFIGS.filter((config) => config.runner.kind === 'node' && config.api === 'partner').map((config) => {
			const parameters = config.parameters(world);
			return `${String(parameters.resource)}.${String(parameters.operation)}`;
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
		...all.filter((name) => !name.endsWith('.create') && !inB.has(name)).map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `class B reads no answer of ${name}` })),
	];
}
