import { membershipOperation } from './membership';

export const { description, execute } = membershipOperation(
	'join',
	"Joining through the API accepts the program's rules for this ad space, as joining in your account does. The request is a POST and is never sent twice: if it fails after it was sent, the ad space may have joined; Program → Get tells (its connection_status).",
);
