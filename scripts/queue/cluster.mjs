// n8n in queue mode on one machine: one main (`n8n start` with EXECUTIONS_MODE=queue: the editor,
// the webhooks and the triggers' polls) and `n8n worker` processes that take the executions from
// Redis. All share one Postgres database and one encryption key; each has its own user folder with
// this package installed as a community package, its own task-broker port and, for a worker, its
// own health port. A worker's log says which executions it ran.
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';

import { ownerEnv, startN8n, stopChild } from '../n8n-runtime/harness.mjs';
import { freshUserFolder, installPackage, n8nEnv } from '../n8n-runtime/runtime.mjs';

/** Jobs a worker takes at once: n8n's default; 20 executions at once cannot all fit in one worker. */
const WORKER_CONCURRENCY = 10;

export function createCluster({ runtime, ports, servicesEnv, logDir, log, cleanup }) {
	const queueEnv = { ...servicesEnv, EXECUTIONS_MODE: 'queue' };
	const folders = [];
	const folder = (name) => {
		const path = freshUserFolder(`queue-${name}-`);
		folders.push(path);
		installPackage(path, { log: () => {} });
		return path;
	};
	const mainFolder = folder('main');
	const logFile = (name) => {
		const stream = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
		cleanup.push(() => new Promise((resolve) => stream.end(resolve)));
		return stream;
	};
	const mainLog = logFile('n8n-main');
	let mainStarts = 0;

	return {
		folders,
		/** The environment of CLI commands (import, publish) against the shared database. */
		cliEnv: n8nEnv(runtime, { userFolder: mainFolder, port: ports.main, brokerPort: ports.cliBroker, extra: queueEnv }),

		async startMain() {
			mainStarts++;
			mainLog.write(`---- start ${mainStarts}\n`);
			const env = { ...n8nEnv(runtime, { userFolder: mainFolder, port: ports.main, brokerPort: ports.mainBroker, extra: queueEnv }), ...ownerEnv(runtime) };
			const main = await startN8n(runtime, env, {
				log,
				label: 'main',
				write: (line) => mainLog.write(`${line}\n`),
				onSpawn: (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 20_000)),
			});
			return main;
		},

		/** Starts a worker; `executions` collects the IDs of the executions it started, from its log. */
		async startWorker(index) {
			const name = `worker-${index}`;
			const [healthPort, brokerPort] = ports.workers[index - 1];
			const env = n8nEnv(runtime, {
				userFolder: folder(name),
				port: healthPort,
				brokerPort,
				extra: { ...queueEnv, QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) },
			});
			const executions = [];
			const stream = logFile(`n8n-${name}`);
			const worker = await startN8n(runtime, env, {
				log,
				label: name,
				args: ['worker', `--concurrency=${WORKER_CONCURRENCY}`],
				healthPort,
				write: (line) => stream.write(`${line}\n`),
				onLine: (line) => {
					const started = /Worker started execution (\d+)/.exec(line);
					if (started) executions.push(started[1]);
				},
				onSpawn: (child) => cleanup.push(() => stopChild(child, 'SIGTERM', 20_000)),
			});
			return { ...worker, name, executions };
		},
	};
}
