// What `npm run test:install` prints: a line per step and per check as they happen, then the time
// of each step, n8n's API times, the figures, every check again, and the closing line
// `install: N passed, N failed` that CI reads.
import { seconds } from '../n8n-runtime/runtime.mjs';

const STOPPED = 'stopped after a failed check: ';

export function createReport(log) {
	const started = performance.now();
	const passed = [];
	const failed = [];
	const timings = [];
	const apiTimes = [];
	const figures = [];
	return {
		apiTimes,
		figures,
		failures: () => failed.length,

		/** A setup step, timed; a failure ends the run. */
		async step(name, work) {
			const t = performance.now();
			log(`— ${name}`);
			try {
				return await work();
			} finally {
				timings.push([name, performance.now() - t]);
			}
		},

		/**
		 * A check: `work` returns its summary or throws. A failed check is counted and the run goes on,
		 * unless `stop` (what follows needs it).
		 */
		async check(name, work, { stop = false } = {}) {
			const t = performance.now();
			try {
				const summary = `${await work()} (${seconds(performance.now() - t)})`;
				passed.push(`${name}: ${summary}`);
				log(`✔ ${name}: ${summary}`);
			} catch (error) {
				failed.push(`${name}: ${error.message.split('\n')[0]}`);
				log(`✘ ${name}: ${error.message}`);
				if (stop) throw new Error(`${STOPPED}${name}`);
			}
		},

		/** A failure outside the checks (a step that threw). */
		setupFailed(error) {
			if (!error.message.startsWith(STOPPED)) failed.push(`setup: ${error.message.split('\n')[0]}`);
		},

		print(outputDir) {
			const rows = (list) => list.forEach(([name, ms]) => console.log(`  ${seconds(ms).padStart(9)}  ${name}`));
			console.log('\n[install] timings');
			rows([...timings, ['total', performance.now() - started]]);
			console.log("\n[install] n8n's API");
			rows(apiTimes);
			if (figures.length) console.log('\n[install] figures');
			figures.forEach((line) => console.log(`  ${line}`));
			console.log('\n[install] checks');
			passed.forEach((line) => console.log(`  ✔ ${line}`));
			failed.forEach((line) => console.log(`  ✘ ${line}`));
			console.log(`\n[install] output: ${outputDir}`);
			console.log(`install: ${passed.length} passed, ${failed.length} failed`);
		},
	};
}
