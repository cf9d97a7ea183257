// Debian's Chromium for the editor check: installed with apt when missing, never downloaded by a
// test tool. The flags keep it off the network: on a closed network its background connections
// are refused many at a time.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

function run(command, args, log) {
	log(`$ ${command} ${args.join(' ')}`);
	const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr.trim().split('\n').slice(-10).join('\n')}`);
}

/** Makes sure Debian's chromium is installed; returns how long that took (0 when it was there). */
export function ensureChromium({ log }) {
	if (existsSync(CHROMIUM)) return 0;
	const started = performance.now();
	const root = process.getuid?.() === 0;
	if (!root && spawnSync('sudo', ['-n', 'true']).status !== 0) {
		throw new Error(`${CHROMIUM} is missing and apt-get needs root: run  sudo apt-get install -y chromium`);
	}
	log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
	const apt = (args) => (root ? run('apt-get', args, log) : run('sudo', ['-n', 'apt-get', ...args], log));
	apt(['update']);
	apt(['install', '-y', '--no-install-recommends', 'chromium']);
	if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is not there`);
	const ms = performance.now() - started;
	log(`chromium installed in ${(ms / 1000).toFixed(1)} s`);
	return ms;
}
