// CHANGELOG.md keeps what is not released yet under "## [Unreleased]" (keepachangelog.com); a
// release moves it under the version's own heading and leaves the Unreleased heading empty.

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;

/** The changelog with the Unreleased entries moved under `## [version] - date`. */
export function releaseChangelog(text, version, date) {
	const heading = UNRELEASED.exec(text);
	if (!heading) throw new Error('CHANGELOG.md has no "## [Unreleased]" heading');
	const start = heading.index + heading[0].length;
	const next = text.slice(start).search(/^## \[/m);
	const end = next === -1 ? text.length : start + next;
	const entries = text.slice(start, end).trim();
	if (!entries) throw new Error('CHANGELOG.md has nothing under "## [Unreleased]": say what this release changes first');
	return `${text.slice(0, start)}\n## [${version}] - ${date}\n\n${entries}\n\n${text.slice(end)}`;
}
