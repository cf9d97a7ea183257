import { startSandbox, type Sandbox, type SandboxConfig, type SandboxOptions } from '../../sandbox/server';

/**
 * Starts a sandbox for the test file and gives every test a clean slate: no faults, no recorded
 * requests, and `config` set again. Returns a getter, since the sandbox exists only once started.
 */
export function useSandbox(options: SandboxOptions, config: Partial<SandboxConfig> = {}): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox(options);
	});
	afterAll(async () => sandbox?.close());
	beforeEach(() => {
		sandbox!.clearFaults();
		sandbox!.resetRequests();
		sandbox!.configure(config);
	});
	return () => sandbox!;
}
