#!/usr/bin/env node
// Completes package-lock.json with the optional platform packages npm left out.
//
// The registry these machines install from lacks the other platforms' builds of some native
// optional packages (unrs-resolver's bindings, used by the lint toolchain). npm then leaves them
// out of the lock, and `npm ci` refuses the lock as out of sync with package.json. An entry with
// the package's version and its os/cpu/libc makes the lock whole: npm skips it on other platforms
// and fetches it by name and version where it fits. Run after every `npm install` that rewrites
// the lock: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(file, 'utf8'));

/** os, cpu and libc from a binding's name, e.g. `@unrs/resolver-binding-linux-arm-musleabihf`. */
function platformOf(name) {
	const [os, cpu, abi = ''] = name.split('/').pop().replace(/^.*-binding-/, '').split('-');
	const platform = { os: [os], cpu: [cpu] };
	if (abi.includes('gnu')) platform.libc = ['glibc'];
	if (abi.includes('musl')) platform.libc = ['musl'];
	return platform;
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
	for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
		const key = `node_modules/${dependency}`;
		if (lock.packages[key]) continue;
		lock.packages[key] = { version, dev: true, optional: true, ...platformOf(dependency) };
		added++;
	}
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);
