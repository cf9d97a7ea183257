// The Docs link of each node's panel leads to this package's own documentation of that node:
// docs/nodes.md in the repository package.json names, at the node's heading. n8n's editor opens the
// node's `documentationUrl` as it is, else the codex's `resources.primaryDocumentation` (the
// *.node.json files) with a tracking query after it; both say the same. The services' API pages
// stay in the README's Resources.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeTypeDescription } from 'n8n-workflow';

import { AffiliatePartner } from '../../nodes/AffiliatePartner/AffiliatePartner.node';
import { AffiliatePartnerTrigger } from '../../nodes/AffiliatePartnerTrigger/AffiliatePartnerTrigger.node';
import { ClickReport } from '../../nodes/ClickReport/ClickReport.node';
import { ClickReportTrigger } from '../../nodes/ClickReportTrigger/ClickReportTrigger.node';
import { anchorsOf, slug } from './markdownAnchors';
import { repoRoot } from './scripts';

interface Codex {
	node: string;
	resources: { primaryDocumentation: Array<{ url: string }> };
}

/** The repository's web address, from package.json: `git+https://github.com/o/r.git` → `https://github.com/o/r`. */
function repositoryUrl(): string {
	const { repository } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { repository: { url: string } };
	return repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Each node's description, by the folder of its codex file. */
const descriptions: Record<string, INodeTypeDescription> = {
	AffiliatePartner: new AffiliatePartner().description,
	AffiliatePartnerTrigger: new AffiliatePartnerTrigger().description,
	ClickReport: new ClickReport().description,
	ClickReportTrigger: new ClickReportTrigger().description,
};

test('every node folder is checked', () => {
	expect(readdirSync(join(repoRoot, 'nodes')).filter((folder) => folder !== 'shared').sort()).toEqual(Object.keys(descriptions).sort());
});

describe.each(Object.entries(descriptions))('the Docs link of %s', (folder, { displayName, documentationUrl }) => {
	const codex = JSON.parse(readFileSync(join(repoRoot, 'nodes', folder, `${folder}.node.json`), 'utf8')) as Codex;

	test('goes to docs/nodes.md in the package\'s repository, at the heading named as the node', () => {
		const url = `${repositoryUrl()}/blob/main/docs/nodes.md#${slug(displayName)}`;
		expect(documentationUrl).toBe(url);
		expect(codex.resources.primaryDocumentation).toEqual([{ url }]);
	});

	test('whose heading docs/nodes.md has', () => {
		const anchor = codex.resources.primaryDocumentation[0].url.split('#')[1];
		expect([...anchorsOf(join(repoRoot, 'docs', 'nodes.md'))]).toContain(anchor);
	});
});
