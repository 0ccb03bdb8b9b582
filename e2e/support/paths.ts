import path from 'node:path';

export const E2E_DIR = path.resolve('.tmp', 'e2e');
export const TEMPLATE_DB = path.join(E2E_DIR, 'template.db');
