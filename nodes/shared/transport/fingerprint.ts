/**
 * A short, stable name for a secret, so that in-memory maps (the pace and the shared token of
 * one account) can be keyed by it without holding the secret itself. FNV-1a over UTF-16 units,
 * 2 × 32 bits; not for security, only to tell accounts apart.
 */
export function fingerprint(secret: string): string {
	let low = 0x811c9dc5;
	let high = 0x01000193;
	for (let index = 0; index < secret.length; index++) {
		const unit = secret.charCodeAt(index);
		low = Math.imul(low ^ unit, 0x01000193) >>> 0;
		high = Math.imul(high ^ unit ^ (low >>> 7), 0x01000193) >>> 0;
	}
	return `${high.toString(16).padStart(8, '0')}${low.toString(16).padStart(8, '0')}`;
}
