/** The built site the tests read and serve: dist/ unless E2E_DIST_DIR points at another build. */
export const DIST_DIR = process.env['E2E_DIST_DIR'] ?? 'dist';
