/** A catalogue's lookup by name (a case names its operation, configuration or family): it fails naming what is missing. */
export function lookup<T extends { name: string }>(entries: T[], what: string): (name: string) => T {
	return (name) => {
		const found = entries.find((entry) => entry.name === name);
		if (!found) throw new Error(`No ${what} ${name}`);
		return found;
	};
}
