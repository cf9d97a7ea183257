// The n8n installs in the runtime cache. An install is 2.7 GB, so a line keeps only its newest:
// after a new install (a new version, lock or Node) the older ones of the line go, except one that
// a live process still runs from (`npm start`, an end-to-end, queue or crash test started before
// the switch). ensureRuntime marks the install it hands out with the process's pid; an older
// install marked by a live pid is kept, and the next install after that process ended removes it.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const IN_USE = '.in-use';
const marked = new Set();

export function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return error.code === 'EPERM';
	}
}

/** Marks `appDir` as run from by process `pid` (this one by default; unmarked when it exits). */
export function markInUse(appDir, pid = process.pid) {
	const marker = join(appDir, IN_USE, String(pid));
	if (marked.has(marker)) return;
	mkdirSync(join(appDir, IN_USE), { recursive: true });
	writeFileSync(marker, `${new Date().toISOString()}\n`);
	if (pid !== process.pid) return;
	marked.add(marker);
	process.once('exit', () => rmSync(marker, { force: true }));
}

/** The live processes that marked `appDir`. */
export function usersOf(appDir) {
	let pids = [];
	try {
		pids = readdirSync(join(appDir, IN_USE)).map(Number);
	} catch {
		return [];
	}
	return pids.filter((pid) => Number.isInteger(pid) && pid > 0 && isAlive(pid));
}

/** Removes the installs of `line` in `root` other than `current`, except those a live process runs from. */
export function removeStaleInstalls(root, current, line, log) {
	for (const name of readdirSync(root)) {
		const path = join(root, name);
		if (path === current || !name.startsWith(`n8n-${line.line}.`)) continue;
		const users = usersOf(path);
		if (users.length) {
			log(`keeping an older runtime that pid ${users.join(', ')} still runs from: ${path} (the next install after that removes it)`);
			continue;
		}
		log(`removing an older runtime: ${path}`);
		rmSync(path, { recursive: true, force: true });
	}
}
