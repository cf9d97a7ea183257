// The versions `npm run release -- <version>` accepts, and the npm dist-tag each is published under
// (docs/releasing.md#prereleases). Pure functions, so the release script, the publish workflow's
// pack job and the tests share them.

// semver.org's grammar without build metadata (npm ignores it, so two builds of one version could
// not both be published): numbers without leading zeros, dot-separated prerelease identifiers.
const NUMBER = '(?:0|[1-9]\\d*)';
const IDENTIFIER = `(?:${NUMBER}|\\d*[A-Za-z-][0-9A-Za-z-]*)`;
const VERSION = new RegExp(`^(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})(?:-(${IDENTIFIER}(?:\\.${IDENTIFIER})*))?$`);

/** The dist-tag of every prerelease: `npm install <package>@next` installs the newest one. */
export const PRERELEASE_DIST_TAG = 'next';

/** `{ core: [major, minor, patch], prerelease: [identifiers] }`, or undefined for anything else. */
export function parseVersion(version) {
	const match = VERSION.exec(typeof version === 'string' ? version : '');
	if (!match) return undefined;
	const [, major, minor, patch, prerelease] = match;
	return { core: [major, minor, patch].map(BigInt), prerelease: prerelease ? prerelease.split('.') : [] };
}

const sign = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const isNumeric = (identifier) => /^\d+$/.test(identifier);

function compareIdentifiers(a, b) {
	if (isNumeric(a) && isNumeric(b)) return sign(BigInt(a), BigInt(b));
	if (isNumeric(a) !== isNumeric(b)) return isNumeric(a) ? -1 : 1;
	return sign(a, b);
}

/** semver's precedence of two valid versions: negative when `a` comes first, 0 when equal. */
export function compareVersions(a, b) {
	const [left, right] = [parseVersion(a), parseVersion(b)];
	for (let i = 0; i < 3; i++) {
		if (left.core[i] !== right.core[i]) return sign(left.core[i], right.core[i]);
	}
	// A version without prerelease comes after all of its prereleases.
	if (left.prerelease.length === 0 || right.prerelease.length === 0) return sign(right.prerelease.length, left.prerelease.length);
	for (let i = 0; i < Math.min(left.prerelease.length, right.prerelease.length); i++) {
		const order = compareIdentifiers(left.prerelease[i], right.prerelease[i]);
		if (order !== 0) return order;
	}
	return sign(left.prerelease.length, right.prerelease.length);
}

export const isPrerelease = (version) => (parseVersion(version)?.prerelease.length ?? 0) > 0;

/**
 * The dist-tag `npm publish` gets for `version`: `latest`, which `npm install <package>` and n8n's
 * Community Nodes installer fetch, only for a release; a prerelease goes under `next`, which npm 11
 * requires (it refuses a prerelease without `--tag`) and which no user gets without asking for it.
 */
export const distTag = (version) => (isPrerelease(version) ? PRERELEASE_DIST_TAG : 'latest');

/**
 * Why `npm run release -- <version>` refuses `version` while package.json is at `current`, or
 * undefined when it accepts it. Refused here, before any commit or tag, rather than by npm after the
 * whole check has run in the publish workflow.
 */
export function releaseVersionProblem(version, current) {
	if (!parseVersion(version)) {
		return `give the version to release as major.minor.patch, with a prerelease part if it is one (0.2.0, 1.0.0-beta.1): ${JSON.stringify(version ?? '')} is not one`;
	}
	if (!parseVersion(current)) return `package.json's version ${JSON.stringify(current)} is not major.minor.patch`;
	const order = compareVersions(version, current);
	if (order === 0) return `package.json is at ${version} already`;
	if (order < 0) return `${version} comes before package.json's ${current}: a release goes forward`;
	return undefined;
}
