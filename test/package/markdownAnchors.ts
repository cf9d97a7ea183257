// What a Markdown file's headings are called in a link: GitHub's anchors.
import { readFileSync } from 'node:fs';

/** Lines outside fenced code blocks, with their line numbers. */
export function proseLines(file: string): Array<[number, string]> {
	let fenced = false;
	return readFileSync(file, 'utf8')
		.split('\n')
		.flatMap((line, index): Array<[number, string]> => {
			if (line.startsWith('```')) fenced = !fenced;
			return fenced || line.startsWith('```') ? [] : [[index + 1, line]];
		});
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The anchors of every heading of a file; a repeated heading gets -1, -2, ... as on GitHub. */
export function anchorsOf(file: string): Set<string> {
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const [, line] of proseLines(file)) {
		const heading = /^#{1,6}\s+(.*)$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count ? `${base}-${count}` : base);
	}
	return anchors;
}
