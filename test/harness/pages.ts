/**
 * The pages a partner list is read in (docs/guarantees.md): the first asks for
 * `firstAsked` and shows the server's page size; every later page starts on the last record of
 * the page before it, so consecutive pages overlap by one record.
 */
export function overlappingPages(target: number, pageSize: number, firstAsked: number): Array<{ offset: number; limit: number }> {
	const pages = [{ offset: 0, limit: firstAsked }];
	if (pageSize >= target) return pages;
	for (let offset = pageSize - 1; offset + 1 < target; offset += pageSize - 1) {
		pages.push({ offset, limit: Math.min(pageSize, target - offset) });
	}
	return pages;
}

/** The same pages as sorted query strings, each after a common `prefix` of other parameters. */
export function overlappingPageQueries(target: number, pageSize: number, firstAsked: number, prefix = ''): string[] {
	return overlappingPages(target, pageSize, firstAsked)
		.map((page) => `${prefix}limit=${page.limit}&offset=${page.offset}`)
		.sort();
}
