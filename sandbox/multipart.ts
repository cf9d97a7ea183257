// Minimal multipart/form-data parser working on Buffers (RFC 7578). No streaming: bodies are small.

export interface MultipartFile {
	filename: string;
	contentType: string;
	bytes: Buffer;
}

export interface MultipartForm {
	fields: Record<string, string>;
	files: Record<string, MultipartFile>;
}

export function boundaryOf(contentType: string): string | undefined {
	const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return m ? (m[1] ?? m[2]) : undefined;
}

function headerParam(header: string, name: string): string | undefined {
	const quoted = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header);
	if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
	const bare = new RegExp(`;\\s*${name}=([^;\\s]*)`, 'i').exec(header);
	return bare ? bare[1] : undefined;
}

/** Parses the body; throws Error with a short reason when it is malformed. Later fields of the same name win. */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
	const delimiter = Buffer.from(`--${boundary}`);
	const form: MultipartForm = { fields: {}, files: {} };
	let pos = body.indexOf(delimiter);
	if (pos < 0) throw new Error('missing boundary');
	for (;;) {
		pos += delimiter.length;
		// "--" after a delimiter closes the body.
		if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return form;
		if (body[pos] !== 0x0d || body[pos + 1] !== 0x0a) throw new Error('malformed delimiter');
		pos += 2;
		const headerEnd = body.indexOf('\r\n\r\n', pos);
		if (headerEnd < 0) throw new Error('unterminated part headers');
		const headers: Record<string, string> = {};
		for (const line of body.subarray(pos, headerEnd).toString('utf8').split('\r\n')) {
			const colon = line.indexOf(':');
			if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
		}
		const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
		if (next < 0) throw new Error('unterminated part');
		const content = body.subarray(headerEnd + 4, next);
		const disposition = headers['content-disposition'] ?? '';
		const name = headerParam(disposition, 'name');
		if (!/^form-data/i.test(disposition) || name === undefined) throw new Error('part without form-data name');
		const filename = headerParam(disposition, 'filename');
		if (filename !== undefined) {
			form.files[name] = {
				filename,
				contentType: headers['content-type'] ?? 'application/octet-stream',
				bytes: Buffer.from(content),
			};
		} else {
			form.fields[name] = content.toString('utf8');
		}
		pos = next + 2;
	}
}

/** Receipt types are judged by their leading bytes, not by name or declared type. */
export function detectFileType(bytes: Buffer): 'jpeg' | 'png' | 'pdf' | undefined {
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
	if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
		return 'png';
	if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
	return undefined;
}
