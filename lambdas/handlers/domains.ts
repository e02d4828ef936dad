/**
 * Domains (D23). GET /api/domains/availability?name={label}: whether the label is free under
 * each extension we sell, at the catalog's yearly price (no sign-in).
 */
import { httpHandler } from '../http/http-handler';
import { json } from '../http/response';
import { domainSearch, SEARCH_CACHE_MS } from '../use-cases/search-domains';
import { registrar } from './deps/registrar';

const search = domainSearch({ registrar });
const CACHE_HEADERS = { 'cache-control': `public, max-age=${SEARCH_CACHE_MS / 1000}` };

export const handler = httpHandler(async (event) => {
  const answer = await search(event.queryStringParameters?.name);
  return json(200, answer, CACHE_HEADERS);
});
