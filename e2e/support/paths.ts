import path from 'node:path';

export const E2E_DIR = path.resolve('.tmp', 'e2e');
export const TEMPLATE_DB = path.join(E2E_DIR, 'template.db');

/** The project that runs the key journeys again against PostgreSQL (playwright.config.ts). */
export const POSTGRES_PROJECT = 'chromium-postgres';
export const POSTGRES_TEMPLATE_DATABASE = 'issuescope_e2e_template';
