// The kit token. Every call to the agent's API needs `Authorization: Bearer <token>`. As in Jupyter, the page
// takes the token from the address's fragment (#token=..., which a browser never sends to a server, so it stays
// out of logs and Referer headers), keeps it in this tab's sessionStorage and removes it from the address bar.
// Without a token, or when the server refuses it, the page asks for it instead of calling the API.
const KEY = 'contract-kit.agent.token';
let refused = () => {};

/** Moves a `#token=...` of the address into sessionStorage and out of the address bar. */
export function takeTokenFromAddress() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get('token');
  if (token === null) {
    return;
  }
  if (token) {
    sessionStorage.setItem(KEY, token);
  }
  fragment.delete('token');
  const url = new URL(location.href);
  url.hash = fragment.toString();
  history.replaceState(null, '', url.hash ? url.href : url.pathname + url.search);
}

export function hasToken() {
  return Boolean(sessionStorage.getItem(KEY));
}

export function useToken(token) {
  sessionStorage.setItem(KEY, token.trim());
}

/** @param {() => void} handler called when the server answers 401 (the token is then forgotten) */
export function onRefused(handler) {
  refused = handler;
}

/** fetch() with the token; without one, or when the server answers 401, it throws and the page asks for one. */
export async function api(path, init = {}) {
  const token = sessionStorage.getItem(KEY);
  if (!token) {
    refused();
    throw new Error('no access token');
  }
  const headers = new Headers(init.headers || {});
  headers.set('Authorization', 'Bearer ' + token);
  const res = await fetch(path, { ...init, headers });
  if (res.status === 401) {
    sessionStorage.removeItem(KEY);
    refused();
    throw new Error('the server refused the access token');
  }
  return res;
}
