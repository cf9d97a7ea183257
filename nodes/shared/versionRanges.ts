/**
 * A parameter whose type changes in a new node version keeps its name, so that a saved workflow
 * keeps its value: the description holds one property of that name per range of versions, each
 * shown in its range only (n8n's `@version` display rule). README, "Version history", lists what
 * each version changed.
 */
import type { INodeProperties } from 'n8n-workflow';

type VersionRule = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>['@version'];

function inVersions(property: INodeProperties, show: VersionRule, hide: VersionRule | undefined): INodeProperties {
	const displayOptions = { ...property.displayOptions, show: { ...property.displayOptions?.show, '@version': show } };
	if (hide) displayOptions.hide = { ...property.displayOptions?.hide, '@version': hide };
	return { ...property, displayOptions };
}

/**
 * The properties `make` gives for each range of versions that `changes` (the versions where
 * parameters changed, ascending) cut, each shown from the range's first version until the next
 * change. `make` learns which changes its range has: `since(change)`.
 */
export function byVersionRange(changes: number[], make: (since: (change: number) => boolean) => INodeProperties[]): INodeProperties[] {
	const [first, ...later] = changes;
	const oldest = make(() => false).map((property) => inVersions(property, [{ _cnd: { lt: first } }], undefined));
	const newer = changes.flatMap((start, index) => {
		const end = later[index];
		const hide: VersionRule | undefined = end === undefined ? undefined : [{ _cnd: { gte: end } }];
		return make((change) => change <= start).map((property) => inVersions(property, [{ _cnd: { gte: start } }], hide));
	});
	return [...oldest, ...newer];
}
