/**
 * The n8n line the tests run on: 2 under `npm test`, 1 under `npm run test:v1`, where jest maps
 * n8n-workflow to the last 1.x line's (test/jest.v1.config.js).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { version } = require('n8n-workflow/package.json') as { version: string };

export const N8N_LINE = Number(version.split('.')[0]);
export const onN8nLine1 = N8N_LINE === 1;
