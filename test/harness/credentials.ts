import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import { AffiliatePartnerApi } from '../../credentials/AffiliatePartnerApi.credentials';
import { ClickStatisticsApi } from '../../credentials/ClickStatisticsApi.credentials';
import { storedToken } from '../../nodes/shared/transport/boundToken';
import { onN8nLine1 } from './line';
import { CREDENTIAL_TEST_NODE_TYPE } from './nodeTypes';

/**
 * For click credentials in tests that are not about the service's 100 requests per 5 minutes: the
 * pacer is shared per public key, and a test file sends far more than 100 requests.
 */
export const UNLIMITED_WINDOW = 1_000_000;

export const credentialTypes: Record<string, ICredentialType> = {
	affiliatePartnerApi: new AffiliatePartnerApi(),
	clickStatisticsApi: new ClickStatisticsApi(),
};

interface StoredCredential {
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * The part of n8n's CredentialsHelper that node execution uses: stored credentials with their
 * defaults, `authenticate` (generic blocks resolved as expressions over `$credentials`) and
 * `preAuthentication` with the expirable-property rule, persisting what it returns, as n8n does.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly store = new Map<string, StoredCredential>();

	/** How often `preAuthentication` produced a new expirable value (a token was minted). */
	preAuthenticationRuns = 0;

	add(id: string, type: string, data: ICredentialDataDecryptedObject): INodeCredentialsDetails {
		this.store.set(id, { type, data: { ...data } });
		return { id, name: `${type} ${id}` };
	}

	stored(id: string): ICredentialDataDecryptedObject {
		const entry = this.store.get(id);
		if (!entry) throw new Error(`No credential ${id}`);
		return entry.data;
	}

	/** The access token inside a stored Session Token, which keeps it bound to its values (boundToken.ts). */
	storedAccessToken(id: string): string {
		const data = this.stored(id);
		return storedToken(data.sessionToken, data).token;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		const options = requestOptions as IHttpRequestOptions & Record<string, Record<string, unknown>>;
		if (!authenticate) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate.type !== 'generic' || !workflow || !node) return options;
		const resolve = (value: unknown) =>
			typeof value === 'string' && value.startsWith('=')
				? workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '')
				: value;
		for (const [outerKey, inner] of Object.entries(authenticate.properties)) {
			options[outerKey] = { ...(options[outerKey] ?? {}) };
			for (const [key, value] of Object.entries(inner as Record<string, unknown>)) {
				options[outerKey][String(resolve(key))] = resolve(value);
			}
		}
		return options;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = credentialTypes[typeName];
		const expirable = credentialType?.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (!expirable || typeof credentialType.preAuthentication !== 'function') return undefined;
		const isTestingCredentials = node?.parameters?.temp === '' && node?.type === CREDENTIAL_TEST_NODE_TYPE;
		if (credentials[expirable.name] !== '' && !credentialsExpired && !isTestingCredentials) return undefined;
		const output = await credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		this.preAuthenticationRuns++;
		const details = node.credentials?.[typeName];
		const updated = Object.assign(credentials, output) as ICredentialDataDecryptedObject;
		// n8n 2.41 saves only the new token over what is stored, so values typed for a credential test
		// stay unsaved; n8n 1.123 saves everything the test ran with.
		if (details?.id) await this.updateCredentials(details, typeName, onN8nLine1 ? updated : ({ ...this.stored(details.id), ...output } as ICredentialDataDecryptedObject));
		return updated;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return (await credentialTypes[typeName]?.preAuthentication?.call(helpers, credentials)) as
			| ICredentialDataDecryptedObject
			| undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('Not used by node execution');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const entry = nodeCredentials.id ? this.store.get(nodeCredentials.id) : undefined;
		if (!entry || entry.type !== type) throw new Error(`Credential ${nodeCredentials.id} of type ${type} not found`);
		const defaults: ICredentialDataDecryptedObject = {};
		for (const property of credentialTypes[type].properties) {
			defaults[property.name] = property.default as ICredentialDataDecryptedObject[string];
		}
		return { ...defaults, ...entry.data };
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		if (!nodeCredentials.id) return;
		this.store.set(nodeCredentials.id, { type, data: { ...data } });
	}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return credentialTypes[type]?.properties ?? [];
	}
}
