// A number the node sends is the number given, or it is refused naming the field: never rounded.
// Beyond 2^53 a JavaScript number skips whole numbers (9007199254740993 in an expression arrives
// as 9007199254740992), and Number() rounds a text with more digits than a number holds; a lost
// order's price went to the service rounded, and a create cannot be undone. Through n8n-core
// against the sandbox over real HTTP: what the sandbox received is compared with what was given.
import { expectRefused, lostOrderCreate, useNodes, withParameter } from './fixture';

const { run } = useNodes();

const sentForm = (outcome: Awaited<ReturnType<typeof run>>) => outcome.requests.find((request) => request.multipart)?.multipart?.fields ?? {};

// prettier-ignore
const REFUSED: Array<[what: string, parameter: string, field: string, value: unknown, rule: RegExp]> = [
	['2^53 + 1 in an expression', 'orderPrice', 'Order Price', '={{ 9007199254740993 }}', /must be from -9,007,199,254,740,991 to 9,007,199,254,740,991, beyond which numbers are rounded, got 9007199254740992$/],
	['2^53 + 1 as text', 'orderPrice', 'Order Price', '9007199254740993', /beyond which numbers are rounded, got "9007199254740993"$/],
	['1e308', 'orderPrice', 'Order Price', '={{ 1e308 }}', /beyond which numbers are rounded, got 1e\+308$/],
	['a text of 20 digits', 'orderPrice', 'Order Price', '12.345678901234567890', /has more digits than a number holds: "12.345678901234567890" would be read as 12.345678901234567$/],
	['2^53 + 1 as an estimated reward', 'additionalFields.estimatedReward', 'Estimated Reward', '={{ 9007199254740993 }}', /beyond which numbers are rounded/],
	['-(2^53 + 1) as an estimated reward', 'additionalFields.estimatedReward', 'Estimated Reward', '={{ -9007199254740993 }}', /beyond which numbers are rounded/],
];

describe('a lost order create refuses a number it could not send as given', () => {
	test.each(REFUSED)('%s', async (_what, parameter, field, value, rule) => {
		expectRefused(await run('affiliatePartner', withParameter(lostOrderCreate, parameter, value)), field, rule);
	});
});

// prettier-ignore
const SENT: Array<[what: string, value: unknown, sent: string]> = [
	['the largest whole number a number holds', '={{ 9007199254740991 }}', '9007199254740991'],
	['the same as text', '9007199254740991', '9007199254740991'],
	['a price with its cents', '1999.90', '1999.9'],
	['the digits a number holds', '0.30000000000000004', '0.30000000000000004'],
	['an exponent', '1.5e3', '1500'],
];

describe('a number a number holds is sent as given', () => {
	test.each(SENT)('Order Price: %s', async (_what, value, sent) => {
		const outcome = await run('affiliatePartner', withParameter(lostOrderCreate, 'orderPrice', value));
		expect(outcome.error).toBeUndefined();
		expect(sentForm(outcome).order_price).toBe(sent);
	});
});
