// The example workflows as they ship (docs/examples.md): the package's nodes at their newest
// versions, Google Sheets and Slack deactivated with a note beside them saying what to connect (so
// a first run ends green without an account), and no sticky note over a node.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { INodeType } from 'n8n-workflow';

import { repoRoot } from './scripts';

interface ExampleNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	disabled?: boolean;
	parameters: { content?: string; width?: number; height?: number };
}
interface Example {
	nodes: ExampleNode[];
	connections: Record<string, Record<string, Array<Array<{ node: string }>>>>;
}
interface Rect {
	left: number;
	top: number;
	right: number;
	bottom: number;
}

const PACKAGE = 'n8n-nodes-affiliate-partner';
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const EXTERNAL_NODES: Record<string, { names: RegExp[] }> = {
	'n8n-nodes-base.googleSheets': { names: [/Google Sheets credential/, /spreadsheet/] },
	'n8n-nodes-base.slack': { names: [/Slack credential/, /channel/] },
};
/**
 * n8n's canvas sizes: a node is 96 × 96 in 2.x (GRID_SIZE 16 × 6, DEFAULT_NODE_SIZE in the
 * editor's utils/nodeViewUtils.ts), taken here as 100 × 100 to cover both lines; a node that
 * takes AI sub-nodes (the MCP Server Trigger) is CONFIGURABLE_NODE_SIZE, 256 wide. A sticky note
 * without a size has its node's defaults (n8n-nodes-base's StickyNote: width 240, height 160).
 */
const NODE_SIZE = { width: 100, height: 100 };
const CONFIGURABLE_NODE_SIZE = { width: 256, height: 100 };
const STICKY_DEFAULT_SIZE = { width: 240, height: 160 };
/** How far (px, edge to edge) the note about a deactivated node may be from it. */
const BESIDE = 120;

const FILES = readdirSync(join(repoRoot, 'examples')).filter((name) => name.endsWith('.json'));
const example = (file: string): Example => JSON.parse(readFileSync(join(repoRoot, 'examples', file), 'utf8'));

/** The package's nodes by type name, from the files package.json names (their sources under nodes/). */
function packageNodes(): Map<string, INodeType> {
	const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
	const nodes = new Map<string, INodeType>();
	for (const built of manifest.n8n.nodes as string[]) {
		const source = join(repoRoot, built.replace(/^dist\//, '').replace(/\.js$/, ''));
		const className = basename(source).replace(/\.node$/, '');
		const NodeClass = (require(source) as Record<string, new () => INodeType>)[className];
		const node = new NodeClass();
		nodes.set(node.description.name, node);
	}
	return nodes;
}

/** The newest version of a node of the package; its tool variant (`…Tool`) has the node's versions. */
function newestVersion(nodes: Map<string, INodeType>, type: string): number | undefined {
	const name = type.slice(PACKAGE.length + 1);
	const node = nodes.get(name) ?? (name.endsWith('Tool') ? nodes.get(name.slice(0, -'Tool'.length)) : undefined);
	if (!node) return undefined;
	return Math.max(...[node.description.version].flat());
}

/** The nodes that take AI sub-nodes: the targets of a connection other than main. */
function configurableNodes(workflow: Example): Set<string> {
	const targets = new Set<string>();
	for (const outputs of Object.values(workflow.connections)) {
		for (const [kind, connections] of Object.entries(outputs)) {
			if (kind !== 'main') for (const connection of connections.flat()) targets.add(connection.node);
		}
	}
	return targets;
}

function rectOf(node: ExampleNode, configurable = false): Rect {
	const [left, top] = node.position;
	const size =
		node.type === STICKY_NOTE
			? { width: node.parameters.width ?? STICKY_DEFAULT_SIZE.width, height: node.parameters.height ?? STICKY_DEFAULT_SIZE.height }
			: configurable
				? CONFIGURABLE_NODE_SIZE
				: NODE_SIZE;
	return { left, top, right: left + size.width, bottom: top + size.height };
}

/** Rectangles that share area (touching edges do not). */
const overlap = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The distance between two rectangles, edge to edge (0 when they touch or overlap). */
const gap = (a: Rect, b: Rect) => Math.hypot(Math.max(0, b.left - a.right, a.left - b.right), Math.max(0, b.top - a.bottom, a.top - b.bottom));

/** Every sticky note that covers a node, as "file: note over node". */
function notesOverNodes(file: string, workflow: Example): string[] {
	const configurable = configurableNodes(workflow);
	const notes = workflow.nodes.filter((node) => node.type === STICKY_NOTE);
	const nodes = workflow.nodes.filter((node) => node.type !== STICKY_NOTE);
	return notes.flatMap((note) =>
		nodes.filter((node) => overlap(rectOf(note), rectOf(node, configurable.has(node.name)))).map((node) => `${file}: "${note.name}" over "${node.name}"`),
	);
}

/** What is wrong with the Google Sheets and Slack nodes of an example as it ships. */
function externalNodeProblems(file: string, workflow: Example): string[] {
	const notes = workflow.nodes.filter((node) => node.type === STICKY_NOTE);
	return workflow.nodes
		.filter((node) => EXTERNAL_NODES[node.type])
		.flatMap((node) => {
			const problems: string[] = [];
			if (node.disabled !== true) problems.push(`${file}: "${node.name}" is not deactivated`);
			const beside = notes.filter((note) => gap(rectOf(note), rectOf(node)) <= BESIDE);
			if (!beside.length) return [...problems, `${file}: no sticky note within ${BESIDE} px of "${node.name}"`];
			const words = [...EXTERNAL_NODES[node.type].names, /\bdeactivated\b/, /\*\*activate\*\* the node/];
			// The note beside it that says the most of what it must: each of its gaps is a problem.
			const [unsaid] = beside
				.map((note) => words.filter((word) => !word.test(note.parameters.content ?? '')))
				.sort((a, b) => a.length - b.length);
			return [...problems, ...unsaid.map((word) => `${file}: no note beside "${node.name}" says ${word}`)];
		});
}

describe('the examples as they ship', () => {
	const nodes = packageNodes();

	it('are all here, with node IDs n8n accepts (unique in each workflow)', () => {
		expect(FILES.length).toBeGreaterThanOrEqual(14);
		for (const file of FILES) {
			const ids = example(file).nodes.map((node) => node.id);
			expect({ file, duplicates: ids.filter((id, index) => ids.indexOf(id) !== index) }).toEqual({ file, duplicates: [] });
		}
	});

	it("use the newest version of each of the package's nodes", () => {
		expect([...nodes.keys()].sort()).toEqual(['affiliatePartner', 'affiliatePartnerTrigger', 'clickReport', 'clickReportTrigger']);
		const used = FILES.flatMap((file) =>
			example(file)
				.nodes.filter((node) => node.type.startsWith(`${PACKAGE}.`))
				.map((node) => ({ file, node: node.name, type: node.type, version: node.typeVersion })),
		);
		expect(new Set(used.map((use) => use.type)).size).toBeGreaterThanOrEqual(6);
		expect(used.filter((use) => use.version !== newestVersion(nodes, use.type))).toEqual([]);
	});

	it('finds a node below its newest version, the tool variant too', () => {
		expect(newestVersion(nodes, `${PACKAGE}.affiliatePartnerTool`)).toBe(newestVersion(nodes, `${PACKAGE}.affiliatePartner`));
		expect(newestVersion(nodes, `${PACKAGE}.clickReportTrigger`)).toBeGreaterThan(1);
		expect(newestVersion(nodes, `${PACKAGE}.noSuchNode`)).toBeUndefined();
	});

	it.each(FILES)('%s: every Google Sheets and Slack node is deactivated, with a note beside it naming what to connect', (file) => {
		expect(externalNodeProblems(file, example(file))).toEqual([]);
	});

	it('ship nine examples with Google Sheets or Slack, so that the check above checks something', () => {
		const withExternal = FILES.filter((file) => example(file).nodes.some((node) => EXTERNAL_NODES[node.type]));
		expect(withExternal.sort()).toEqual([
			'affiliate-links-sheet.json',
			'approved-conversions.json',
			'claim-decisions.json',
			'click-trigger.json',
			'coupons-starting-today.json',
			'daily-click-report.json',
			'daily-earnings.json',
			'declined-conversions.json',
			'lost-orders.json',
		]);
	});

	it.each(FILES)('%s: no sticky note covers a node', (file) => {
		expect(notesOverNodes(file, example(file))).toEqual([]);
	});

	it('measures rectangles as n8n draws them: default sticky size, wide nodes that take AI sub-nodes', () => {
		const at = (type: string, position: [number, number], parameters = {}): ExampleNode => ({ id: '', name: type, type, typeVersion: 1, position, parameters });
		const note = at(STICKY_NOTE, [0, 0]);
		expect(rectOf(note)).toEqual({ left: 0, top: 0, right: 240, bottom: 160 });
		expect(overlap(rectOf(note), rectOf(at('n', [239, 159])))).toBe(true);
		expect(overlap(rectOf(note), rectOf(at('n', [240, 0])))).toBe(false);
		expect(overlap(rectOf(note), rectOf(at('n', [-99, -99])))).toBe(true);
		expect(overlap(rectOf(at(STICKY_NOTE, [300, 0], { width: 100 })), rectOf(at('n', [100, 0]), true))).toBe(true);
		expect(gap(rectOf(note), rectOf(at('n', [340, 260])))).toBe(Math.hypot(100, 100));
	});
});
