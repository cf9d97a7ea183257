// Where the CPU of one link run goes (linkMeasure.ts), from a V8 CPU profile: each sample is
// given to the nearest code on its stack that owns it, so that the builtins a caller uses (URL
// parsing, string splitting) count for that caller. The package's own code is split into its
// per-item reading and checks (under the operation's readItem) and the rest (batching, transport,
// answer checks, pairing).
import { readFileSync } from 'node:fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string };
	children?: number[];
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

export interface LinkCpu {
	sampledMs: number;
	/** The package's reading and checks of each item (readItem and what it calls), n8n's parameter reads left out. */
	ownChecksMs: number;
	/** The rest of the package's own code: batching, transport, answer checks, pairing, output. */
	ownOtherMs: number;
	/** n8n-core and n8n-workflow: parameters and expressions, WorkflowExecute, request helpers. */
	n8nMs: number;
	/** The HTTP client and Node's network code. */
	httpMs: number;
	/** Garbage collection, the harness, anything else. */
	otherMs: number;
}

type Owner = 'own' | 'n8n' | 'http' | 'other';

/** Who owns a frame, or undefined when it is a builtin or a helper library that the caller owns. */
function ownerOf({ url, functionName }: ProfileNode['callFrame']): Owner | undefined {
	if (url.includes('/bench/dist/nodes/')) return 'own';
	if (url.includes('/bench/dist/')) return 'other';
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
	if (pkg === 'n8n-core' || pkg === 'n8n-workflow' || pkg?.startsWith('@n8n/')) return 'n8n';
	if (pkg === 'axios' || pkg === 'follow-redirects' || pkg === 'form-data' || pkg === 'proxy-from-env') return 'http';
	if (url.startsWith('node:') && /http|net|tls|stream|dns/.test(url)) return 'http';
	if (functionName === '(garbage collector)' || functionName === '(program)') return 'other';
	return undefined;
}

export function linkCpu(profileFile: string): LinkCpu {
	const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map<number, number>();
	for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
	const cpu: LinkCpu = { sampledMs: 0, ownChecksMs: 0, ownOtherMs: 0, n8nMs: 0, httpMs: 0, otherMs: 0 };
	// The first delta runs from the profiler's start to the first sample (the inspector call itself).
	for (let i = 1; i < profile.samples.length; i++) {
		const ms = (profile.timeDeltas[i] ?? 0) / 1000;
		let id: number | undefined = profile.samples[i];
		if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
		let owner: Owner | undefined;
		let underReadItem = false;
		for (; id !== undefined; id = parent.get(id)) {
			const frame = byId.get(id)!.callFrame;
			owner ??= ownerOf(frame);
			if (frame.functionName === 'readItem' && frame.url.includes('/bench/dist/nodes/')) underReadItem = true;
		}
		cpu.sampledMs += ms;
		if (owner === 'own') cpu[underReadItem ? 'ownChecksMs' : 'ownOtherMs'] += ms;
		else if (owner === 'n8n') cpu.n8nMs += ms;
		else if (owner === 'http') cpu.httpMs += ms;
		else cpu.otherMs += ms;
	}
	return cpu;
}
