import { fileURLToPath } from 'node:url';

/** The repository's root: entries in the definitions and the web build are relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/[/\\]$/, '');

/** Where `npm run build` writes the web app. */
export const DEFAULT_WEB_DIST = `${REPO_ROOT}/web/dist`;
