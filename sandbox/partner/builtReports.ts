// The reports the sandbox built last. A report adds up every seeded day of traffic and every action,
// which takes it 100-400 ms on its one thread; a client reads a report's pages at once, and a real
// service answers them side by side. So a report is built once for what the actions look like now
// (ConversionStore.seenAt) and its pages are cut from it: the same answers, as fast as a list's.

const KEPT = 8;

export class BuiltReports<T> {
	private readonly built = new Map<string, T>();

	/** The report named `key`, built by `build` unless the same one was built last for the same data. */
	get(key: string, build: () => T): T {
		const found = this.built.get(key);
		if (found !== undefined) return found;
		const made = build();
		this.built.set(key, made);
		if (this.built.size > KEPT) this.built.delete(this.built.keys().next().value as string);
		return made;
	}
}

/** A request's query without its paging: the pages of one report share it. */
export function reportQueryKey(query: URLSearchParams): string {
	return JSON.stringify([...query].filter(([name]) => name !== 'limit' && name !== 'offset').sort());
}
