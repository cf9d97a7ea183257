// Seeded PRNG (mulberry32). All sandbox data comes from here so a seed always yields the same data.

export class Rng {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0;
	}

	/** Uniform in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** Integer in [min, max] inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	hex(length: number): string {
		let out = '';
		for (let i = 0; i < length; i++) out += Math.floor(this.next() * 16).toString(16);
		return out;
	}

	alnum(length: number): string {
		const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
		let out = '';
		for (let i = 0; i < length; i++) out += chars[Math.floor(this.next() * chars.length)];
		return out;
	}

	/** RFC 4122 version 4 UUID built from the seeded stream. */
	uuid4(): string {
		const variant = '89ab'[Math.floor(this.next() * 4)];
		return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
	}
}

/** Derives independent streams from one seed (tokens, data, faults do not disturb each other). */
export function derivedRng(seed: number, stream: number): Rng {
	return new Rng((Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(stream, 0x85ebca6b)) >>> 0);
}
