#!/usr/bin/env node
// npm's `prepublishOnly`: refuses every publish but the one the publish workflow makes
// (scripts/release/rules.mjs). A local `npm publish`, with or without --dry-run, stops here.
// It runs because this repository lets npm run its own scripts (`.npmrc` has no ignore-scripts;
// package.json's allowScripts only denies dependencies' install scripts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { PUBLISH_WORKFLOW, publishRefusals } from './rules.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let changelog = '';
try {
	changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
} catch {
	// No changelog is one of the refusals.
}
const refusals = publishRefusals(process.env, manifest, changelog);
if (refusals.length > 0) {
	console.error(`Publishing ${manifest.name}@${manifest.version} is refused: it is published only by ${PUBLISH_WORKFLOW}, with an npm provenance statement.`);
	for (const reason of refusals) console.error(`  - ${reason}`);
	console.error('To release: `npm run release -- <version>` on main, then push the tag it makes (docs/releasing.md).');
	process.exit(1);
}
console.log(`Publish of ${manifest.name}@${manifest.version} allowed: ${PUBLISH_WORKFLOW}, with provenance.`);
