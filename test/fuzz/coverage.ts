/** Checks that the catalogues leave nothing out: every operation of the Affiliate Partner node has a class A base, and every read a class B config. */
import type { INodePropertyOptions } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { OPERATIONS } from './catalogA';
import { CONFIGS } from './catalogB';
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
	return [
		...all.filter((name) => !inA.has(name)).map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `class A has no base for ${name}` })),
		...all.filter((name) => !name.endsWith('.create') && !inB.has(name)).map((name) => ({ kind: 'not-covered' as const, caseId: '(worker)', detail: `class B reads no answer of ${name}` })),
	];
}
