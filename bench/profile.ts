// Where the CPU of one node run goes, from a V8 CPU profile (the overhead part of the bench).

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}
export interface ProfileBreakdown {
	totalSampledMs: number;
	cpuMs: number;
	categories: Array<{ name: string; ms: number; share: number }>;
	top: Array<{ name: string; ms: number }>;
}

function category(frame: ProfileNode['callFrame']): string | undefined {
	const { url, functionName } = frame;
	if (functionName === '(idle)') return undefined;
	if (functionName === '(garbage collector)') return 'garbage collection';
	if (functionName === '(program)') return 'V8/native (program)';
	if (url.includes('/bench/dist/nodes/')) return 'this package (nodes/: transport, pagination, transform, pairing)';
	if (url.includes('/bench/dist/test/harness/')) return 'test harness (credentials helper)';
	if (url.includes('/bench/dist/bench/')) return 'bench itself';
	const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
	if (pkg === 'n8n-core') return 'n8n-core (WorkflowExecute, request helpers)';
	if (pkg === 'n8n-workflow') return 'n8n-workflow (parameters, expressions, items)';
	if (pkg === 'axios' || pkg === 'follow-redirects' || pkg === 'form-data' || pkg === 'proxy-from-env') return 'axios (n8n HTTP client)';
	if (pkg) return `other dependency: ${pkg}`;
	if (url.startsWith('node:')) return 'Node.js core (http, net, streams)';
	if (url === '') return `V8 builtins (${functionName || 'anonymous'})`;
	return 'other';
}

export function breakdown(profile: CpuProfile, cpuMs: number): ProfileBreakdown {
	const byId = new Map(profile.nodes.map((node) => [node.id, node]));
	const self = new Map<number, number>();
	// The first delta runs from the profiler's start to the first sample (the inspector call itself).
	for (let i = 1; i < profile.samples.length; i++) {
		self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
	}
	const categories = new Map<string, number>();
	const functions = new Map<string, number>();
	let total = 0;
	for (const [id, ms] of self) {
		const node = byId.get(id)!;
		const name = category(node.callFrame);
		if (!name) continue;
		total += ms;
		const key = name.startsWith('V8 builtins') && !['parse', 'stringify'].includes(node.callFrame.functionName) ? 'V8 builtins (other)' : name;
		categories.set(key, (categories.get(key) ?? 0) + ms);
		const where = node.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/bench\/dist\//, '');
		const fn = `${node.callFrame.functionName || '(anonymous)'} ${where ? `${where}:${node.callFrame.lineNumber + 1}` : ''}`.trim();
		functions.set(fn, (functions.get(fn) ?? 0) + ms);
	}
	return {
		totalSampledMs: total,
		cpuMs,
		categories: [...categories]
			.map(([name, ms]) => ({ name, ms, share: ms / total }))
			.sort((a, b) => b.ms - a.ms),
		top: [...functions]
			.map(([name, ms]) => ({ name, ms }))
			.sort((a, b) => b.ms - a.ms)
			.slice(0, 12),
	};
}
