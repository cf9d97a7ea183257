/**
 * A parameter's display name as n8n's panel shows it, read from the node's own description (the
 * node class's `description.properties`): the property of that name the panel shows for these
 * parameters and this version (n8n's NodeHelpers.displayParameter decides, `@version` included),
 * and inside a collection or a fixed collection, the option of that name. The fuzzer never spells
 * a field's name itself, so that a renamed field is followed and an error must use the new name.
 */
import type { INodeParameters, INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { nodeTypes, PACKAGE } from '../harness/nodeTypes';
import type { Runner } from './operation';

type Option = INodeProperties | INodePropertyCollection | INodePropertyOptions;

/** The node a runner runs, at the version the harness gives it (runNode and createTrigger default to 1, loadOptions runs 1). */
function nodeOf(runner: Runner): { description: INodeTypeDescription; typeVersion: number } {
	const type = runner.kind === 'loadOptions' ? 'affiliatePartner' : runner.type;
	const typeVersion = runner.kind === 'loadOptions' ? 1 : (runner.typeVersion ?? 1);
	const nodeType = nodeTypes.getByNameAndVersion(`${PACKAGE}.${type}`, typeVersion) as INodeType;
	return { description: nodeType.description, typeVersion };
}

const isProperty = (option: Option): option is INodeProperties => 'type' in option && 'displayName' in option;
const isGroup = (option: Option): option is INodePropertyCollection => 'values' in option;

/** The option at `names` below these options, of those the panel shows for `values` (the collection's value). */
function optionIn(options: Option[] | undefined, names: string[], values: INodeParameters, root: INodeParameters, node: { typeVersion: number }, description: INodeTypeDescription): INodeProperties | INodePropertyCollection | undefined {
	const [name, ...rest] = names;
	for (const option of options ?? []) {
		if (option.name !== name) continue;
		// A fixed collection's group: its fields are its values, under the group's name.
		if (isGroup(option)) {
			const group = (values[name] ?? {}) as INodeParameters;
			return rest.length ? optionIn(option.values, rest, Array.isArray(group) ? {} : group, root, node, description) : option;
		}
		if (!isProperty(option) || !NodeHelpers.displayParameter(values, option, node, description, root)) continue;
		return rest.length ? optionIn(option.options, rest, (values[name] ?? {}) as INodeParameters, root, node, description) : option;
	}
	return undefined;
}

/**
 * The name an error must give the parameter at `path` (`name`, `collection.name`,
 * `fixedCollection.group.name`) of the runner's node with these parameters: its display name as
 * the panel shows it, " Name or ID" of a dropdown loaded from the service included. None when the
 * panel shows no such parameter.
 */
export function displayNamesOf(runner: Runner, parameters: INodeParameters, path: string): string[] {
	const { description, typeVersion } = nodeOf(runner);
	// As the panel holds them: with the defaults filled in (Click Report's hidden resource before 1.2 among them).
	const node = { id: 'fuzz', name: 'fuzz', type: `${PACKAGE}.${description.name}`, typeVersion, position: [0, 0] as [number, number], parameters };
	const shown = { ...(NodeHelpers.getNodeParameters(description.properties, parameters, true, false, node, description) ?? {}), ...parameters };
	const option = optionIn(description.properties, path.split('.'), shown, shown, { typeVersion }, description);
	if (!option) return [];
	return [option.displayName];
}

/**
 * Whether a text names the field as the panel shows it: one of its names (displayNamesOf) whole,
 * in the panel's case (`"Date From"` in `Invalid "Date From": …`; `Limit must …`). A shorter
 * word of it ("date", "From") or another case does not count.
 */
export function namesField(text: string, names: string[]): boolean {
	return names.some((name) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text));
}
