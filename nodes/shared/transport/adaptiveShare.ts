/**
 * The share of the credential's limits this n8n instance takes for an account, adapted to what
 * the service answers. Several n8n instances that use one key (queue-mode workers:
 * docs/scaling.md) each pace in their own memory and cannot see each other, so together they may ask
 * more than the service allows.
 *
 * The share is one of 1, 1/2, 1/3, ...: 1/n when this instance reckons n instances share the key.
 * A refusal for rate adds one to n; a long enough run of accepted answers takes one away, to see
 * whether an instance has gone. Whole fractions matter: instances at the same share send at the
 * same spacing, so their requests keep their places relative to each other, and the pause a
 * refusal imposes moves the refused one to a free place; shares that differ slightly drift
 * through each other and meet in the service's one-second window again and again.
 */

/** Refusals this soon after a decrease are the same overload. */
const ROUND_MS = 1000;
/** At most this many instances are reckoned with: the share never drops below 1/MAX_SHARERS. */
export const MAX_SHARERS = 32;
/** Accepted answers for this long, with no refusal, before the share grows again... */
const QUIET_BEFORE_GROWING_MS = 60_000;
/** ...doubled each time growing was refused soon after, up to this. */
const LONGEST_QUIET_MS = 16 * 60_000;

export class AdaptiveShare {
	private sharers = 1;
	private lastDecreaseAt = Number.NEGATIVE_INFINITY;
	private quietSince = Number.NEGATIVE_INFINITY;
	private quietNeededMs = QUIET_BEFORE_GROWING_MS;
	private grewAt = Number.NEGATIVE_INFINITY;

	get value(): number {
		return 1 / this.sharers;
	}

	/** An answer accepted at `now`. */
	accepted(now: number): void {
		if (this.sharers === 1) return;
		if (now - this.quietSince < this.quietNeededMs) return;
		this.sharers--;
		this.grewAt = now;
		this.quietSince = now;
	}

	/**
	 * A refusal for rate, at `now`, of a request sent at `sentAt`. Requests sent before the last
	 * decrease left at the old pace, and a retry within a second of it meets the same overload:
	 * their refusals are not a new one, and lower nothing. Returns whether the share was lowered.
	 */
	refused(now: number, sentAt: number): boolean {
		this.quietSince = now;
		if (sentAt < this.lastDecreaseAt || now - this.lastDecreaseAt < ROUND_MS) return false;
		// Growing was refused before it had been tried for long: try again less often.
		if (now - this.grewAt < this.quietNeededMs) this.quietNeededMs = Math.min(LONGEST_QUIET_MS, this.quietNeededMs * 2);
		this.sharers = Math.min(MAX_SHARERS, this.sharers + 1);
		this.lastDecreaseAt = now;
		return true;
	}
}
