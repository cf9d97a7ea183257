#!/usr/bin/env node
// npm's `prepublishOnly`. npm runs it only for a publish from a folder (`npm publish`, with or
// without --dry-run); the publish workflow publishes the tarball its pack job built and checked
// (`npm publish <tarball>`, which runs no scripts of the package). So a publish from a folder is
// never a release, and this refuses every one before anything is packed.
// It prevents accidents only: `--ignore-scripts` and `npm publish <tarball>` skip it. What keeps a
// publish from anywhere else out is npm's package setting that allows trusted publishing only
// (docs/releasing.md#the-guard).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { PUBLISH_WORKFLOW } from './rules.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
console.error(`Publishing ${name}@${version} from a folder is refused: it is published only by ${PUBLISH_WORKFLOW}, which publishes the tarball it built and checked, with an npm provenance statement.`);
console.error('To release: `npm run release -- <version>` on main, then push the tag it makes (docs/releasing.md).');
process.exit(1);
