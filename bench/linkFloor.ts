// n8n's own per-item work in a link case (linkCases.ts), measured with no request: a node type
// registered only in the bench's worker (never shipped, nothing under nodes/), with the
// description of the operation's node and version, so that n8n-core checks each value against the
// same parameters, and an execute that reads, for every input item, exactly the parameters the
// operation reads through `this.getNodeParameter` (same names, same fallbacks, same order), then
// outputs one item per URL, paired with its input item, as the operation does. It checks nothing
// and sends nothing: what it takes is what n8n-core takes to hand a node its parameters for every
// item (the expressions resolved, each value checked against the node's description), in the same
// workflow (the harness's input node, then the node, through WorkflowExecute).
import type { IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

/** The parameters an operation reads, as its code reads them. */
export interface ParameterReads {
	/** Read once, for item 0: the node's Resource and Operation (nodes/shared/routing). */
	once: string[];
	/** Read for every item, in the operation's order, with the fallback it passes when it passes one. */
	perItem: Array<{ name: string; fallback?: unknown }>;
	/** The parameter holding the URLs: its value (a text of one URL, or an array) gives the output items. */
	urls: string;
}

/** The floor node of `type` at `typeVersion` for these reads, registered with the harness; its type name (without the package). */
export async function registerPerItemFloor(type: string, typeVersion: number, reads: ParameterReads): Promise<string> {
	const { PACKAGE, nodeTypes, registerNodeType } = await import('../test/harness/nodeTypes');
	const real = nodeTypes.getByNameAndVersion(`${PACKAGE}.${type}`, typeVersion);
	const floor: INodeType = {
		description: { ...real.description },
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			for (const name of reads.once) this.getNodeParameter(name, 0);
			const itemCount = this.getInputData().length;
			const output: INodeExecutionData[] = [];
			for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
				let urls: unknown;
				for (const { name, fallback } of reads.perItem) {
					const value = fallback === undefined ? this.getNodeParameter(name, itemIndex) : this.getNodeParameter(name, itemIndex, fallback);
					if (name === reads.urls) urls = value;
				}
				for (const url of Array.isArray(urls) ? urls : [urls]) output.push({ json: { url }, pairedItem: { item: itemIndex } });
			}
			return [output];
		},
	};
	const name = `${type}PerItemFloor`;
	registerNodeType(`${PACKAGE}.${name}`, floor);
	return name;
}
