// The README's first screen: what comes before its first `## ` heading, that is the title, the
// intro, the two commands that try the package, whether it is on npm, and the contents. A heading
// is where a reader starts to skip; and at 260 words or fewer (the code block and the contents
// included) that part stays about one screen on GitHub, whatever the window's width does to lines.

/** The README up to its first `## ` heading. */
export function firstScreen(readme: string): string {
	const end = readme.search(/^## /m);
	return end < 0 ? readme : readme.slice(0, end);
}

export const FIRST_SCREEN_WORDS = 260;

/**
 * Whether `version` is released: `npm run release` dates its CHANGELOG.md heading
 * (`## [0.2.0] - 2026-12-01`, docs/releasing.md); an unreleased one has no date.
 */
export function isReleased(changelog: string, version: string): boolean {
	const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}\\s*$`, 'm').test(changelog);
}

const SAYS_UNPUBLISHED = /not (?:yet )?(?:published|on npm)|not on npm yet/i;

/** What the first screen gets wrong, given the changelog and package.json's version: nothing when it is right. */
export function firstScreenProblems(readme: string, changelog: string, version: string): string[] {
	const screen = firstScreen(readme);
	const problems: string[] = [];
	if (!/^npm ci && npm start\b/m.test(screen)) problems.push('no `npm ci && npm start` line before the first `## ` heading');
	const words = screen.split(/\s+/).filter(Boolean).length;
	if (words > FIRST_SCREEN_WORDS) problems.push(`${words} words before the first \`## \` heading: more than a screen (${FIRST_SCREEN_WORDS})`);
	const released = isReleased(changelog, version);
	const saysUnpublished = SAYS_UNPUBLISHED.test(screen);
	if (released && saysUnpublished) problems.push(`says the package is not on npm, but CHANGELOG.md dates ${version}`);
	if (!released && !saysUnpublished) problems.push(`does not say the package is not yet published, and CHANGELOG.md has no dated ${version}`);
	if (!released && !/not yet published/i.test(readme.slice(readme.indexOf('## Version history')))) {
		problems.push(`the Version history does not say ${version} is not yet published`);
	}
	return problems;
}
