// n8n's own HTTP Request node with its built-in pagination, inside the real n8n application
// (scripts/n8n-runtime/runtime.mjs): workflows are imported into an isolated user folder and run
// with `n8n execute`. Only what runtime.mjs offers is used; when the runtime is not installed,
// this column is skipped with a note.
import { spawn } from 'node:child_process';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

export const repoRoot = join(__dirname, '..', '..', '..');
const runtimeModulePath = join(repoRoot, 'scripts', 'n8n-runtime', 'runtime.mjs');

// tsc turns `import()` into `require()` under CommonJS, and runtime.mjs is an ES module.
// eslint-disable-next-line @typescript-eslint/no-implied-eval
export const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>;

export interface HttpNodeRun {
	/**
	 * From the start of the HTTP Request node's first run to the end of its last (windows, Loop
	 * Over Items and Wait in between), plus the Split Out that makes one item per record.
	 */
	wallMs: number;
	/** Items out of Split Out Data (or of the HTTP Request node, when the workflow ends with it). */
	items: number;
	httpMs: number;
	splitMs: number;
	/** Wall time of the whole `n8n execute` process (start-up, migrations check, output). */
	processMs: number;
	/** Highest VmHWM of the n8n process (it also prints the whole run data as JSON at the end). */
	peakRss: number;
	status: string;
	error?: string;
}

export interface N8nRuntime {
	version: string;
	run(workflow: object): Promise<HttpNodeRun>;
	importWorkflow(workflow: { id: string }): Promise<void>;
	/** One `n8n import:workflow` for many workflows (each CLI call costs about 5 s of start-up). */
	importWorkflows(workflows: Array<{ id: string }>): Promise<void>;
	execute(id: string): Promise<HttpNodeRun>;
	close(): void;
}

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolve(port));
		});
	});
}

/** Whether runtime.mjs exists and its cache holds an installed n8n, without installing anything. */
export async function findRuntime(): Promise<{ ok: true; mod: any } | { ok: false; reason: string }> {
	if (!existsSync(runtimeModulePath)) return { ok: false, reason: 'runtime not installed: scripts/n8n-runtime/runtime.mjs is missing' };
	let mod: any;
	try {
		mod = await importEsm(pathToFileURL(runtimeModulePath).href);
	} catch (error) {
		return { ok: false, reason: `runtime not usable: runtime.mjs does not load (${(error as Error).message})` };
	}
	for (const name of ['ensureRuntime', 'n8nEnv', 'runN8n', 'spawnN8n', 'freshUserFolder', 'cacheRoot']) {
		if (typeof mod[name] !== 'function') return { ok: false, reason: `runtime not usable: runtime.mjs has no ${name}()` };
	}
	const root: string = mod.cacheRoot();
	const installed =
		existsSync(root) &&
		readdirSync(root).some((name) => name.startsWith(`n8n-${mod.N8N_VERSION}-`) && existsSync(join(root, name, '.installed')));
	if (!installed) {
		return {
			ok: false,
			reason: `runtime not installed (no n8n ${mod.N8N_VERSION} in ${root}): run \`node scripts/n8n-runtime/runtime.mjs install\` once, or \`npm run bench -- --install-n8n\``,
		};
	}
	return { ok: true, mod };
}

/** Prepares an isolated n8n user folder; `install` lets runtime.mjs install n8n when it is missing. */
export async function startN8nRuntime(log: (line: string) => void, install = false): Promise<N8nRuntime | { skipped: string }> {
	let found = await findRuntime();
	if (!found.ok && install && existsSync(runtimeModulePath)) {
		const mod = await importEsm(pathToFileURL(runtimeModulePath).href);
		await mod.ensureRuntime({ log: (line: string) => log(`[runtime] ${line}`) });
		found = await findRuntime();
	}
	if (!found.ok) return { skipped: found.reason };
	const mod = found.mod;
	const runtime = await mod.ensureRuntime({ log: (line: string) => log(`[runtime] ${line}`) });
	const userFolder: string = mod.freshUserFolder('bench-');
	const env = mod.n8nEnv(runtime, { userFolder, port: await freePort(), brokerPort: await freePort(), logLevel: 'info' });
	const scratch = mkdtempSync(join(tmpdir(), 'n8n-affiliate-bench-'));

	const importWorkflow = async (workflow: { id: string }) => {
		const file = join(scratch, `${workflow.id}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		const result = await mod.runN8n(runtime, ['import:workflow', `--input=${file}`], env);
		if (result.code !== 0 || !/Successfully imported 1 workflow/.test(`${result.stdout}\n${result.stderr}`)) {
			throw new Error(`n8n import:workflow failed: ${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-15).join('\n')}`);
		}
	};

	const importWorkflows = async (workflows: Array<{ id: string }>) => {
		const dir = mkdtempSync(join(scratch, 'import-'));
		for (const workflow of workflows) writeFileSync(join(dir, `${workflow.id}.json`), JSON.stringify(workflow));
		const result = await mod.runN8n(runtime, ['import:workflow', '--separate', `--input=${dir}`], env);
		rmSync(dir, { recursive: true, force: true });
		const output = `${result.stdout}\n${result.stderr}`;
		if (result.code !== 0 || !new RegExp(`Successfully imported ${workflows.length} workflows?`).test(output)) {
			throw new Error(`n8n import:workflow failed: ${output.trim().split('\n').slice(-15).join('\n')}`);
		}
	};

	const execute = async (id: string): Promise<HttpNodeRun> => {
		const started = performance.now();
		// n8n prints the run data (every item, pretty JSON) and exits: into a pipe, the end of a large
		// output would be lost, so it goes to a file, read afterwards line by line.
		const outFile = join(scratch, `${id}.out`);
		const out = openSync(outFile, 'w');
		const child = spawn(runtime.nodeBin, [runtime.n8nBin, 'execute', `--id=${id}`, '--rawOutput'], {
			env,
			stdio: ['ignore', out, 'pipe'],
		});
		closeSync(out);
		let peakRss = 0;
		const sampler = setInterval(() => {
			try {
				const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
				const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
				if (hwm) peakRss = Math.max(peakRss, Number(hwm[1]) * 1024);
			} catch {
				// gone
			}
		}, 100);
		let stderr = '';
		child.stderr!.on('data', (chunk) => {
			stderr = (stderr + chunk).slice(-20_000);
		});
		const exit = await new Promise<string>((resolve, reject) => {
			child.on('error', reject);
			child.on('exit', (code, signal) => resolve(`exit ${signal ?? code}`));
		});
		clearInterval(sampler);
		const processMs = performance.now() - started;
		try {
			return { ...(await parseRunData(outFile, stderr, exit)), processMs, peakRss };
		} finally {
			rmSync(outFile, { force: true });
		}
	};

	return {
		version: mod.N8N_VERSION,
		importWorkflow,
		importWorkflows,
		execute,
		async run(workflow: object) {
			await importWorkflow(workflow as { id: string });
			return await execute((workflow as { id: string }).id);
		},
		close() {
			rmSync(scratch, { recursive: true, force: true });
			rmSync(userFolder, { recursive: true, force: true });
		},
	};
}

interface NodeRuns {
	runs: Array<{ startTime: number; executionTime: number }>;
	status?: string;
	error?: string;
	items: number;
}

/**
 * The per-node timings of the run data that `n8n execute --rawOutput` prints as pretty JSON
 * (indent 2), read line by line instead of parsing the whole output (it holds every item).
 */
async function parseRunData(file: string, stderr: string, exit: string): Promise<Omit<HttpNodeRun, 'processMs' | 'peakRss'>> {
	const nodes: Record<string, NodeRuns> = {};
	let inRunData = false;
	let current: NodeRuns | undefined;
	let status = '';
	let runError: string | undefined;
	let inResultError = false;
	const tail: string[] = [];
	const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
	for await (const line of lines) {
		if (!line.startsWith('  ')) {
			tail.push(line);
			if (tail.length > 40) tail.shift();
		}
		if (line === '      "runData": {') {
			inRunData = true;
			continue;
		}
		if (inRunData && /^ {6}\},?$/.test(line)) {
			inRunData = false;
			continue;
		}
		let match: RegExpExecArray | null;
		if (inRunData) {
			if ((match = /^ {8}"(.+)": \[$/.exec(line))) {
				current = nodes[match[1]] = { runs: [], items: 0 };
			} else if (!current) {
				continue;
			} else if ((match = /^ {12}"startTime": (\d+),?$/.exec(line))) {
				// One entry per run of the node (Loop Over Items runs the HTTP Request once per window).
				current.runs.push({ startTime: Number(match[1]), executionTime: 0 });
			} else if ((match = /^ {12}"executionTime": (\d+),?$/.exec(line))) {
				current.runs[current.runs.length - 1].executionTime = Number(match[1]);
			} else if ((match = /^ {12}"executionStatus": "(\w+)",?$/.exec(line))) {
				current.status = match[1];
			} else if (line === '                    "json": {') {
				current.items++;
			} else if ((match = /^ {14}"message": "(.*)",?$/.exec(line))) {
				current.error ??= match[1];
			}
			continue;
		}
		if ((match = /^ {2}"status": "(\w+)",?$/.exec(line))) status = match[1];
		if (line === '      "error": {') inResultError = true;
		else if (inResultError && (match = /^ {8}"message": "(.*)",?$/.exec(line))) {
			runError = match[1];
			inResultError = false;
		}
	}
	const http = nodes['HTTP Request'];
	const split = nodes['Split Out Data'];
	const failure = runError ?? http?.error ?? split?.error ?? (http?.runs.length ? undefined : `no run data (${exit})`);
	const first = http?.runs[0];
	const last = http?.runs[http.runs.length - 1];
	const httpMs = first && last ? last.startTime + last.executionTime - first.startTime : 0;
	const splitMs = split?.runs.reduce((sum, run) => sum + run.executionTime, 0) ?? 0;
	return {
		wallMs: httpMs + splitMs,
		// Out of Split Out Data, or of the HTTP Request node itself when the workflow ends with it.
		items: (split ?? http)?.items ?? 0,
		httpMs,
		splitMs,
		status: status || (failure ? 'error' : 'success'),
		...(failure ? { error: `${failure}\n${tail.join('\n')}\n${stderr.split('\n').slice(-10).join('\n')}`.trim() } : {}),
	};
}
