// The client-credentials token across workers: n8n stores what the credential's preAuthentication
// returns with the credential, in the shared database, so a token one worker minted is the one the
// others read; a refused token is renewed by each worker that meets the refusal, once.
// `readLostOrders(n)` runs n lost-order Return Alls at once and returns the executions each worker
// started and what the sandbox saw (serviceCounts in burst.mjs).

export async function checkTokenReuse({ sandbox, workers, readLostOrders, figure }) {
	const reuse = await readLostOrders(10);
	if (reuse.counts.tokensMinted !== 0) throw new Error(`${reuse.counts.tokensMinted} tokens minted while a stored one was valid`);
	await sandbox.expireTokens();
	const one = await readLostOrders(1);
	const minter = workers[one.perWorker.indexOf(1)]?.name;
	const after = await readLostOrders(10);
	figure(
		`tokens: 10 more reads with the stored token minted ${reuse.counts.tokensMinted}; after the sandbox expired it, 1 read on ${minter} minted ${one.counts.tokensMinted}, then 10 reads (executions per worker ${after.perWorker.join(' and ')}) minted ${after.counts.tokensMinted}`,
	);
	if (one.counts.tokensMinted !== 1) throw new Error(`one read after the expiry minted ${one.counts.tokensMinted} tokens`);
	if (after.perWorker.some((n) => n === 0)) throw new Error(`a worker took none of the 10 reads: ${after.perWorker.join(', ')}`);
	if (after.counts.tokensMinted !== 0) throw new Error(`${after.counts.tokensMinted} tokens minted after ${minter} had stored one`);
	return `${minter} renewed the expired token once; the 10 reads after it, on both workers, minted none`;
}

export async function checkTokenRenewal({ sandbox, readLostOrders, figure }) {
	await sandbox.expireTokens();
	const { perWorker, counts } = await readLostOrders(10);
	figure(`a token refused on both workers at once: 10 reads (executions per worker ${perWorker.join(' and ')}) minted ${counts.tokensMinted}, ${counts.refused} refused for rate`);
	const workersThatRead = perWorker.filter((n) => n > 0).length;
	if (counts.tokensMinted < 1 || counts.tokensMinted > workersThatRead) throw new Error(`${counts.tokensMinted} tokens minted by ${workersThatRead} workers`);
	if (counts.refused > 0) throw new Error(`${counts.refused} requests refused for rate: ${counts.refusedDetail}`);
	return `${counts.tokensMinted} new token(s) for ${workersThatRead} workers, all 10 reads complete`;
}
