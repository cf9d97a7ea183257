// A spreadsheet in memory behind the parts of the Google Sheets API v4 that n8n's Google Sheets
// node uses to append or update rows: the sheets' properties, reading and writing value ranges
// (A1 notation), append, batch updates of values, and grid changes (accepted, not modelled).
// Every spreadsheet ID is the same spreadsheet; its sheets exist once written to or created.

const columnNumber = (letters) => [...letters.toUpperCase()].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
const columnLetters = (n) => (n <= 0 ? '' : columnLetters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

/** `'Sheet 1'!B2:D9`, `Sheet1!1:1`, `Sheet1!A:Z`, `Sheet1` into a sheet title and 1-based bounds. */
export function parseRange(a1) {
	const bang = a1.lastIndexOf('!');
	const rawTitle = bang < 0 ? a1 : a1.slice(0, bang);
	const title = rawTitle.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
	const cells = bang < 0 ? '' : a1.slice(bang + 1);
	const corner = (text) => {
		const m = /^([A-Za-z]*)(\d*)$/.exec(text ?? '');
		if (!m) throw new Error(`unreadable range ${a1}`);
		return { column: m[1] ? columnNumber(m[1]) : undefined, row: m[2] ? Number(m[2]) : undefined };
	};
	const [from, to] = cells ? cells.split(':') : [];
	const start = corner(from);
	const end = to === undefined ? start : corner(to);
	return { title, firstRow: start.row ?? 1, firstColumn: start.column ?? 1, lastRow: end.row, lastColumn: end.column };
}

const formatted = (value) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value));

export class FakeSpreadsheet {
	sheets = new Map();

	sheet(title) {
		if (!this.sheets.has(title)) this.sheets.set(title, { sheetId: this.sheets.size, title, rows: [] });
		return this.sheets.get(title);
	}

	/** The sheet's rows as the API reads them back: trailing empty cells and rows trimmed. */
	rows(title) {
		const rows = (this.sheets.get(title)?.rows ?? []).map((row) => {
			const cells = [...row];
			while (cells.length && formatted(cells.at(-1)) === '') cells.pop();
			return cells;
		});
		while (rows.length && rows.at(-1).length === 0) rows.pop();
		return rows;
	}

	read(a1, render) {
		const { title, firstRow, firstColumn, lastRow, lastColumn } = parseRange(a1);
		const values = this.rows(title)
			.slice(firstRow - 1, lastRow)
			.map((row) => row.slice(firstColumn - 1, lastColumn).map((v) => (render === 'UNFORMATTED_VALUE' ? v ?? '' : formatted(v))));
		while (values.length && values.at(-1).length === 0) values.pop();
		return values;
	}

	write(a1, values) {
		const { title, firstRow, firstColumn } = parseRange(a1);
		const sheet = this.sheet(title);
		values.forEach((rowValues, r) => {
			const row = (sheet.rows[firstRow - 1 + r] ??= []);
			rowValues.forEach((value, c) => {
				row[firstColumn - 1 + c] = value;
			});
		});
		for (let i = 0; i < sheet.rows.length; i++) sheet.rows[i] ??= [];
		const lastColumn = firstColumn - 1 + Math.max(0, ...values.map((v) => v.length));
		return `${title}!${columnLetters(firstColumn)}${firstRow}:${columnLetters(lastColumn)}${firstRow + values.length - 1}`;
	}

	properties() {
		return [...this.sheets.values()].map(({ sheetId, title }, index) => ({
			properties: { sheetId, title, index, sheetType: 'GRID', gridProperties: { rowCount: 1000, columnCount: 26 } },
		}));
	}

	/** One request of the Sheets API: `{ method, path, query, json }` to `{ status, body }`. */
	handle({ method, path, query, json }) {
		const m = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(path);
		if (!m) return { status: 404, body: { error: { code: 404, message: `stand-in: no ${method} ${path}` } } };
		const [, spreadsheetId, rest] = m;
		if (method === 'GET' && rest === '') return { status: 200, body: { spreadsheetId, properties: { title: 'Stand-in spreadsheet' }, sheets: this.properties() } };
		if (method === 'POST' && rest === ':batchUpdate') return { status: 200, body: { spreadsheetId, replies: (json?.requests ?? []).map(() => ({})) } };
		if (method === 'POST' && rest === '/values:batchUpdate') {
			const responses = (json?.data ?? []).map(({ range, values }) => ({ updatedRange: this.write(range, values) }));
			return { status: 200, body: { spreadsheetId, totalUpdatedRows: responses.length, responses } };
		}
		const values = /^\/values\/(.+?)(:append)?$/.exec(rest);
		if (values) {
			const a1 = decodeURIComponent(values[1]);
			if (method === 'GET') return { status: 200, body: { range: a1, majorDimension: 'ROWS', values: this.read(a1, query.valueRenderOption) } };
			if (method === 'PUT') return { status: 200, body: { spreadsheetId, updatedRange: this.write(a1, json.values) } };
			if (method === 'POST' && values[2]) {
				const { title } = parseRange(a1);
				const next = this.rows(title).length + 1;
				const updatedRange = this.write(`${title}!A${next}`, json.values);
				return { status: 200, body: { spreadsheetId, updates: { updatedRange, updatedRows: json.values.length } } };
			}
		}
		return { status: 404, body: { error: { code: 404, message: `stand-in: no ${method} ${path}` } } };
	}
}
