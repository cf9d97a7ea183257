// Lets a plain `node` process require the project's TypeScript (the fuzz worker, the harness, the
// nodes and the sandbox): each .ts file is transpiled on require with test/tsconfig.json's options,
// as ts-jest does for this project (isolatedModules: one file at a time, no type check; `npm run
// typecheck` checks the types). Used as `node -r test/fuzz/tsRegister.cjs test/fuzz/worker.ts`.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const ts = require('typescript');

const parsed = ts.getParsedCommandLineOfConfigFile(join(__dirname, '..', 'tsconfig.json'), {}, {
	...ts.sys,
	onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
		throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
	},
});
const compilerOptions = { ...parsed.options, module: ts.ModuleKind.CommonJS, noEmit: false, sourceMap: false, inlineSourceMap: true };

require.extensions['.ts'] = (module, filename) => {
	const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
	module._compile(outputText, filename);
};
// Before .json, as in jest's resolution: `./AffiliatePartner.node` is the .ts file, not the codex JSON beside it.
for (const extension of ['.json', '.node']) {
	const loader = require.extensions[extension];
	delete require.extensions[extension];
	require.extensions[extension] = loader;
}
