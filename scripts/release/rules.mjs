// When a publish is allowed (docs/releasing.md): only from this repository's publish workflow, on
// the tag of the version being published, with an npm provenance statement, after `npm run release`
// checked the package. Pure functions of the environment and the files, so the guard and the tests
// share them.

export const PUBLISH_WORKFLOW = '.github/workflows/publish.yml';
/** Set by `npm run release` in the publish workflow once the tarball and the scanner checks passed. */
export const CHECKED_MARKER = 'AFFILIATE_PARTNER_RELEASE_CHECKED';

/** `owner/name` of the GitHub repository package.json names. */
export function githubRepository(manifest) {
	const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url ?? '';
	return /github\.com[/:]([^/]+\/[^/]+?)(?:\.git)?$/.exec(url)?.[1];
}

export const versionTag = (version) => `v${version}`;

/** Whether CHANGELOG.md has a section for `version`. */
export const changelogHas = (changelog, version) => new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(changelog);

/** npm reads its config from the environment in either case (`--provenance` or NPM_CONFIG_PROVENANCE). */
const npmConfig = (env, key) => env[`npm_config_${key}`] ?? env[`NPM_CONFIG_${key.toUpperCase()}`];

/** Every reason to refuse this publish; an empty list lets it go on. */
export function publishRefusals(env, manifest, changelog) {
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
		[env.RUNNER_ENVIRONMENT === 'github-hosted', 'it does not run on a GitHub-hosted runner, which npm provenance needs'],
		[Boolean(env.ACTIONS_ID_TOKEN_REQUEST_URL), 'the job cannot mint an OIDC token (it needs `permissions: id-token: write`)'],
		[npmConfig(env, 'provenance') === 'true', 'npm was not asked for a provenance statement (`--provenance`)'],
		[env[CHECKED_MARKER] === manifest.version, `it did not come through \`npm run release\`, which checks the tarball and runs n8n's scanner first`],
		[changelogHas(changelog, manifest.version), `CHANGELOG.md has no section "## [${manifest.version}]"`],
	];
	return checks.filter(([holds]) => !holds).map(([, reason]) => reason);
}
