// Where a release is packed (docs/releasing.md): only in this repository's publish workflow, on the
// tag of the version being released, in the job that runs the development dependencies (build,
// lint, scanner), which must hold no OIDC token. Pure functions of the environment and the files,
// so the release script and the tests share them.
import { distTag, parseVersion } from './versions.mjs';

export const PUBLISH_WORKFLOW = '.github/workflows/publish.yml';

/** `owner/name` of the GitHub repository package.json names. */
export function githubRepository(manifest) {
	const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url ?? '';
	return /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(url)?.[1];
}

export const versionTag = (version) => `v${version}`;

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether CHANGELOG.md has a section for `version`. */
export const changelogHas = (changelog, version) => new RegExp(`^## \\[${escapeRegExp(version)}\\]`, 'm').test(changelog);

/** Every reason to refuse packing `manifest`'s version for the publish job here; an empty list lets it go on. */
export function packJobRefusals(env, manifest, changelog) {
	const repository = githubRepository(manifest);
	const tag = versionTag(manifest.version);
	const checks = [
		[env.GITHUB_ACTIONS === 'true', 'it does not run in GitHub Actions'],
		[env.GITHUB_REPOSITORY === repository, `it does not run in ${repository} (GITHUB_REPOSITORY is ${env.GITHUB_REPOSITORY ?? 'unset'})`],
		[
			env.GITHUB_WORKFLOW_REF === `${repository}/${PUBLISH_WORKFLOW}@refs/tags/${tag}`,
			`it does not run in ${PUBLISH_WORKFLOW} on the tag ${tag} (GITHUB_WORKFLOW_REF is ${env.GITHUB_WORKFLOW_REF ?? 'unset'})`,
		],
		[env.GITHUB_EVENT_NAME === 'push' && env.GITHUB_REF === `refs/tags/${tag}`, `it was not started by pushing the tag ${tag}`],
		[env.RUNNER_ENVIRONMENT === 'github-hosted', 'it does not run on a GitHub-hosted runner, where the provenance statement says the tarball was built'],
		[
			!env.ACTIONS_ID_TOKEN_REQUEST_URL,
			'this job can mint an OIDC token: it runs the development dependencies, so only the publish job may have `id-token: write`',
		],
		[Boolean(parseVersion(manifest.version)), `package.json's version ${manifest.version} is not major.minor.patch with an optional prerelease`],
		[changelogHas(changelog, manifest.version), `CHANGELOG.md has no section "## [${manifest.version}]"`],
	];
	return checks.filter(([holds]) => !holds).map(([, reason]) => reason);
}

/**
 * What the pack job hands on (its step outputs, which publish.yml passes to the publish job): the
 * packed tarball's path for the artifact upload, its file name, and the dist-tag it is published under.
 */
export const packJobOutputs = (packed, version) => ({ 'tarball-path': packed.file, tarball: packed.filename, 'dist-tag': distTag(version) });
