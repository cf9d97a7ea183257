// Loaded by jest before any test file, so before n8n-core reads its configuration.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const userFolder = mkdtempSync(join(tmpdir(), 'n8n-affiliate-test-'));
mkdirSync(join(userFolder, '.n8n'), { recursive: true });
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_ENCRYPTION_KEY = 'test-encryption-key-not-a-secret';
process.env.N8N_LOG_LEVEL = process.env.N8N_LOG_LEVEL ?? 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
