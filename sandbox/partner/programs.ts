// The programs of an ad space (../shared/spec/published-api-facts.md section 4):
//   GET  /advcampaigns/website/{w_id}/             {results, _meta}, filters connection_status and has_tool
//   GET  /advcampaigns/{c_id}/website/{w_id}/      the program itself (the docs' shape)
//   POST /advcampaigns/{c_id}/attach/{w_id}/       {message, success: "OK"}: the connection becomes active
//   POST /advcampaigns/{c_id}/detach/{w_id}/       {message, success: "Deleted"}: the connection is removed
// What the record does not show is a choice stated in docs/sandbox.md: has_tool repeated matches a
// program with any of the tools; a program the ad space is not connected to is not found (404)
// for the get and the detach; joining again is answered "OK" again.

import { startOfUtcDay } from '../dates';
import { json, partnerError, Reply } from '../reply';
import type { RequestContext, SandboxState } from '../state';
import { MSG, FieldErrors, pageParams, paginate } from './params';
import type { ConnectionStatus, ProgramItem } from './programSeed';
import { HAS_TOOLS, SEEDED_CONNECTIONS, gotolinkOf, seedProgramItems, toolsOf } from './programSeed';
import { choiceParam } from './ordering';

const CONNECTION_STATUSES: readonly ConnectionStatus[] = ['active', 'pending', 'declined'];

interface ProgramBook {
	items: Map<number, ProgramItem>;
	/** Per ad space, its programs in the order they were connected, with the connection's status. */
	connections: Map<number, Map<number, ConnectionStatus>>;
}

/** One book per sandbox, made at its first program request: the seeded data plus every join and leave since. */
const books = new WeakMap<SandboxState, ProgramBook>();

export function programBook(state: SandboxState): ProgramBook {
	let book = books.get(state);
	if (!book) {
		const { data } = state;
		book = {
			items: seedProgramItems(state.seed, startOfUtcDay(state.now().getTime()), data.programs, data.categories, data.traffic),
			connections: new Map(
				state.conversions.adSpaces.map((adSpace) => [adSpace.id, new Map<number, ConnectionStatus>(SEEDED_CONNECTIONS[adSpace.id] ?? [])]),
			),
		};
		books.set(state, book);
	}
	return book;
}

/** The programs an ad space is connected to, with their connection's status (for coupons of joined programs). */
export function adSpaceConnections(state: SandboxState, adSpaceId: number): ReadonlyMap<number, ConnectionStatus> | undefined {
	return programBook(state).connections.get(adSpaceId);
}

function render(ctx: RequestContext, book: ProgramBook, programId: number, adSpaceId: number, status: ConnectionStatus) {
	const { id, name, site_url, status: programStatus, ...rest } = book.items.get(programId) as ProgramItem;
	// The ad-space variant: connection_status and gotolink right after the program's own status.
	return { id, name, site_url, status: programStatus, connection_status: status, gotolink: gotolinkOf(ctx.state.seed, programId, adSpaceId), ...rest };
}

export function listAdSpacePrograms(ctx: RequestContext): Reply {
	const book = programBook(ctx.state);
	const adSpaceId = Number(ctx.params.w_id);
	const connections = book.connections.get(adSpaceId);
	if (!connections) return partnerError.notFound();
	const errors = new FieldErrors();
	const status = choiceParam(ctx.query, 'connection_status', CONNECTION_STATUSES, errors);
	const tools = ctx.query.getAll('has_tool').filter((tool) => tool !== '');
	for (const tool of tools) if (!(HAS_TOOLS as readonly string[]).includes(tool)) errors.add('has_tool', MSG.choice(tool));
	const page = pageParams(ctx.query, ctx.state.config.partnerLimitCap, errors);
	if (errors.any) return partnerError.validation(errors.errors);
	const found = [...connections]
		.filter(([programId, connection]) => (status === undefined || connection === status) && (!tools.length || toolsOf(programId).some((tool) => tools.includes(tool))))
		.sort(([a], [b]) => a - b)
		.map(([programId, connection]) => render(ctx, book, programId, adSpaceId, connection));
	return json(200, paginate(found, page));
}

export function getAdSpaceProgram(ctx: RequestContext): Reply {
	const book = programBook(ctx.state);
	const adSpaceId = Number(ctx.params.w_id);
	const programId = Number(ctx.params.c_id);
	const connection = book.connections.get(adSpaceId)?.get(programId);
	return connection ? json(200, render(ctx, book, programId, adSpaceId, connection)) : partnerError.notFound();
}

export function attachProgram(ctx: RequestContext): Reply {
	const book = programBook(ctx.state);
	const programId = Number(ctx.params.c_id);
	const connections = book.connections.get(Number(ctx.params.w_id));
	const program = book.items.get(programId);
	if (!connections || !program) return partnerError.notFound();
	connections.set(programId, 'active');
	return json(200, { message: `The ad space has joined the program ${String(program.name)}.`, success: 'OK' });
}

export function detachProgram(ctx: RequestContext): Reply {
	const book = programBook(ctx.state);
	const programId = Number(ctx.params.c_id);
	const connections = book.connections.get(Number(ctx.params.w_id));
	const program = book.items.get(programId);
	if (!connections || !program || !connections.delete(programId)) return partnerError.notFound();
	return json(200, { message: `The ad space has left the program ${String(program.name)}.`, success: 'Deleted' });
}
