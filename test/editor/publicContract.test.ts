// Saved workflows depend on every name, default, option and display rule of the nodes and
// credentials (CHANGELOG.md). This test compares them, serialised, with the copy in
// publicContract.json, so a refactoring that changes what a user sees fails here. To accept an
// intended change, run `UPDATE_PUBLIC_CONTRACT=1 npx jest test/editor/publicContract` and
// commit the new file with a new node version when saved workflows would notice.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { AffiliatePartnerApi } from '../../credentials/AffiliatePartnerApi.credentials';
import { ClickStatisticsApi } from '../../credentials/ClickStatisticsApi.credentials';
import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';

const SNAPSHOT = join(__dirname, 'publicContract.json');

/** Objects with their keys sorted (the order of keys means nothing to n8n), arrays kept in order, functions by name. */
function canonical(value: unknown): unknown {
	if (typeof value === 'function') return `[function ${value.name}]`;
	if (Array.isArray(value)) return value.map(canonical);
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.keys(value)
				.sort()
				.map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
		);
	}
	return value;
}

type Property = { displayOptions?: { show?: Record<string, unknown[]> } } & Record<string, unknown>;

/**
 * The properties as each operation shows them, in the panel's order: a field declared once for
 * two operations and the same field declared in each operation's file are the same to a user.
 */
function byOperation(properties: Property[]) {
	const shared: Property[] = [];
	const operations: Record<string, Property[]> = {};
	for (const property of properties) {
		const { resource, operation, ...rest } = property.displayOptions?.show ?? {};
		if (!resource || !operation) {
			shared.push(property);
			continue;
		}
		const scoped = { ...property, displayOptions: { ...property.displayOptions, show: rest } };
		for (const resourceValue of resource) {
			for (const operationValue of operation) (operations[`${String(resourceValue)}:${String(operationValue)}`] ??= []).push(scoped);
		}
	}
	return { shared, operations };
}

function methodNames(methods: Record<string, Record<string, unknown>> | undefined) {
	return Object.fromEntries(Object.entries(methods ?? {}).map(([kind, entries]) => [kind, Object.keys(entries).sort()]));
}

function publicContract() {
	const nodes = [new AffiliatePartner(), new AffiliatePartnerTrigger(), new ClickReport(), new ClickReportTrigger()];
	const credentials = [new AffiliatePartnerApi(), new ClickStatisticsApi()];
	return canonical({
		nodes: nodes.map((node) => ({
			description: { ...node.description, properties: byOperation(node.description.properties as unknown as Property[]) },
			methods: methodNames((node as INodeType).methods as Record<string, Record<string, unknown>> | undefined),
		})),
		credentials: credentials.map((credential) => ({ ...credential })),
	});
}

test('node and credential descriptions are exactly the published ones', () => {
	const current = `${JSON.stringify(publicContract(), null, '\t')}\n`;
	if (process.env.UPDATE_PUBLIC_CONTRACT === '1') writeFileSync(SNAPSHOT, current);
	expect(existsSync(SNAPSHOT)).toBe(true);
	expect(current).toBe(readFileSync(SNAPSHOT, 'utf8'));
});
