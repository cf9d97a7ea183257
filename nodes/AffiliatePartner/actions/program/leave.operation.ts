import { membershipOperation } from './membership';

export const { description, execute } = membershipOperation(
	'leave',
	'Leaving disconnects the program from this ad space. The request is a POST and is never sent twice: if it fails after it was sent, the ad space may have left the program; Program → Get or Get Many tells whether it is still connected.',
);
