// CLI: node sandbox/dist/main.js [--latency=ms] [--token-latency=ms] [--rate-limits] [--seed=n]
//      [--click-items=n] [--click-days=n] [--lost-orders=n] [--websites-v2-envelope=array|results]
// Ports from SANDBOX_PARTNER_PORT (default 4010) and SANDBOX_CLICK_PORT (default 4011); 0 picks free ones.
// The first line printed names the partner interface's URL: sandbox/client.ts waits for it.

import { startSandbox, type WebsitesV2Envelope } from './server';

function argValue(name: string): string | undefined {
	const prefix = `--${name}=`;
	return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function numberOption(raw: string | undefined, name: string, fallback: number): number {
	if (raw === undefined || raw === '') return fallback;
	const n = Number(raw);
	if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
	return n;
}

function envelopeOption(raw: string | undefined): { websitesV2Envelope?: WebsitesV2Envelope } {
	if (raw === undefined || raw === '') return {};
	if (raw !== 'array' && raw !== 'results') throw new Error(`--websites-v2-envelope must be array or results, got "${raw}"`);
	return { websitesV2Envelope: raw };
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		host: process.env.SANDBOX_HOST ?? '127.0.0.1',
		partnerPort: numberOption(process.env.SANDBOX_PARTNER_PORT, 'SANDBOX_PARTNER_PORT', 4010),
		clickPort: numberOption(process.env.SANDBOX_CLICK_PORT, 'SANDBOX_CLICK_PORT', 4011),
		latencyMs: numberOption(argValue('latency'), '--latency', 0),
		tokenLatencyMs: numberOption(argValue('token-latency'), '--token-latency', 0),
		rateLimits: process.argv.includes('--rate-limits'),
		seed: numberOption(argValue('seed'), '--seed', 1),
		clickItems: numberOption(argValue('click-items'), '--click-items', 50_000),
		clickDays: numberOption(argValue('click-days'), '--click-days', 240),
		...envelopeOption(argValue('websites-v2-envelope')),
		...(argValue('lost-orders') === undefined ? {} : { lostOrders: numberOption(argValue('lost-orders'), '--lost-orders', 1000) }),
	});
	console.log(`partner interface:  ${sandbox.partnerUrl}`);
	console.log(`click interface:    ${sandbox.clickUrl}`);
	console.log(`access token:       ${sandbox.accessToken}`);
	console.log(`client id:          ${sandbox.clientId}`);
	console.log(`client secret:      ${sandbox.clientSecret}`);
	console.log(`click public key:   ${sandbox.publicKey}`);
	console.log(`control endpoints:  ${sandbox.partnerUrl}/_sandbox/state (also on the click server)`);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal}: stopping sandbox`);
		sandbox.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
	// Started by spawnSandbox (with an IPC channel): when the process that started it is gone, so
	// is its reason to run; a test killed by its timeout must not leave a sandbox behind.
	if (process.send) process.on('disconnect', () => stop('parent gone'));
}

main().catch((e) => {
	console.error(e instanceof Error ? e.message : e);
	process.exit(1);
});
