// The layering docs/architecture.md describes, checked on every import of the
// published code (nodes/ and credentials/), so that it stays true as the package grows.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

interface Import {
	file: string;
	/** A package name, or a path relative to the repository. */
	target: string;
}

const imports: Import[] = ['nodes', 'credentials'].flatMap(sourceFiles).flatMap((file) =>
	[...readFileSync(join(ROOT, file), 'utf8').matchAll(/from '([^']+)'/g)].map(([, specifier]) => ({
		file,
		target: specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier,
	})),
);

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
const NODE_FOLDERS = ['nodes/AffiliatePartner', 'nodes/ClickReport', 'nodes/ClickReportTrigger'];
const violations = (rule: (entry: Import) => boolean) =>
	imports.filter(rule).map((entry) => `${entry.file} imports ${entry.target}`);

test('every import of the published code is read', () => {
	expect(imports.length).toBeGreaterThan(200);
	expect(imports.filter((entry) => entry.target === 'n8n-workflow').length).toBeGreaterThan(90);
});

test('the published code imports no package but n8n-workflow (no runtime dependencies)', () => {
	expect(violations((entry) => !entry.target.startsWith('nodes/') && entry.target !== 'n8n-workflow')).toEqual([]);
});

test('the transport imports nothing of the package outside itself', () => {
	expect(
		violations((entry) => inside(entry.file, 'nodes/shared/transport') && entry.target.startsWith('nodes/') && !inside(entry.target, 'nodes/shared/transport')),
	).toEqual([]);
});

test('shared code never imports a node', () => {
	expect(
		violations((entry) => inside(entry.file, 'nodes/shared') && NODE_FOLDERS.some((folder) => inside(entry.target, folder))),
	).toEqual([]);
});

test('the helpers at the root of nodes/shared import neither the transport nor the click report', () => {
	const rootHelper = (file: string) => dirname(file) === 'nodes/shared';
	expect(
		violations((entry) => rootHelper(entry.file) && (inside(entry.target, 'nodes/shared/transport') || inside(entry.target, 'nodes/shared/clickReport'))),
	).toEqual([]);
});

test('a node never imports another node', () => {
	expect(
		violations((entry) =>
			NODE_FOLDERS.some((folder) => inside(entry.file, folder) && NODE_FOLDERS.some((other) => other !== folder && inside(entry.target, other))),
		),
	).toEqual([]);
});

test('nodes reach the transport and the click report through their index only', () => {
	const throughIndex = (entry: Import, module: string) =>
		!inside(entry.file, module) && inside(entry.target, module) && entry.target !== module;
	expect(
		violations(
			(entry) =>
				inside(entry.file, 'nodes') && (throughIndex(entry, 'nodes/shared/transport') || throughIndex(entry, 'nodes/shared/clickReport')),
		),
	).toEqual([]);
});
