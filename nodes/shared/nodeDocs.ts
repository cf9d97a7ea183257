/**
 * The Docs link of a node's panel: this package's own page of the node (docs/nodes.md at its
 * heading), in the repository package.json names. n8n opens a node's `documentationUrl` as it is;
 * the codex's link (the *.node.json files) gets n8n's tracking query after it, which would land
 * after the heading's `#` and lose it, so the nodes set both.
 */
export const NODE_DOCS = 'https://github.com/affiliate-partner/n8n-nodes-affiliate-partner/blob/main/docs/nodes.md';

/** `click-report` → the address of docs/nodes.md's "Click Report" heading. */
export const nodeDocs = (heading: string) => `${NODE_DOCS}#${heading}`;
