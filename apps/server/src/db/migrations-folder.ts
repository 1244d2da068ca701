import { fileURLToPath } from 'node:url';

// Beside this file in the source tree; the build copies the folder next to dist/main.js, where
// the bundled copy of this module resolves it.
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
