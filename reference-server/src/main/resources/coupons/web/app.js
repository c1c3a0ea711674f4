// The coupons front end: the catalogue for everyone; log in with the embedded provider's authorization-code flow
// with PKCE (S256): login button -> authorization endpoint (login page) -> back here with ?code -> token endpoint.
// Tokens stay in this tab's sessionStorage. Everything shown is set as text, never as HTML.

const $ = (id) => document.getElementById(id);
const store = sessionStorage;

function b64url(bytes) {
  let s = '';
  bytes.forEach((b) => { s += String.fromCharCode(b); });
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function random(n) {
  return b64url(crypto.getRandomValues(new Uint8Array(n)));
}

async function s256(text) {
  return b64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))));
}

function say(text) {
  $('message').textContent = text;
  $('message').hidden = !text;
}

function claims(jwt) {
  const part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
  return JSON.parse(decodeURIComponent(escape(atob(part))));
}

async function json(url, options) {
  const r = await fetch(url, options);
  const body = r.status === 204 ? null : await r.json().catch(() => null);
  if (!r.ok) {
    const why = body && (body.error_description || (body.error && body.error.message) || body.error);
    throw new Error(`${r.status} ${why || r.statusText}`);
  }
  return body;
}

async function login(config, provider) {
  if (!window.crypto || !crypto.subtle) {
    say('Logging in needs a secure page: open it over https, or on localhost / 127.0.0.1.');
    return;
  }
  const verifier = random(32);
  const pending = { verifier, state: random(16), nonce: random(16) };
  store.setItem('coupons.pending', JSON.stringify(pending));
  const url = new URL(provider.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code', client_id: config.client_id, redirect_uri: config.redirect_uri,
    scope: 'openid profile email', state: pending.state, nonce: pending.nonce,
    code_challenge: await s256(verifier), code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

async function callback(config, provider, params) {
  const pending = JSON.parse(store.getItem('coupons.pending') || 'null');
  store.removeItem('coupons.pending');
  history.replaceState(null, '', window.location.pathname); // the code leaves the address bar and the history
  if (params.has('error')) {
    throw new Error(`login failed: ${params.get('error')} ${params.get('error_description') || ''}`);
  }
  if (!pending || params.get('state') !== pending.state) {
    throw new Error('login failed: the answer does not belong to a login started in this tab (state)');
  }
  if (params.has('iss') && params.get('iss') !== provider.issuer) {
    throw new Error('login failed: the answer came from another provider (iss)');
  }
  const tokens = await json(provider.token_endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code', client_id: config.client_id, code: params.get('code'),
      redirect_uri: config.redirect_uri, code_verifier: pending.verifier,
    }),
  });
  if (!tokens.id_token || claims(tokens.id_token).nonce !== pending.nonce) {
    throw new Error('login failed: the ID token does not carry this login\'s nonce');
  }
  store.setItem('coupons.tokens', JSON.stringify(tokens));
}

async function logout(config, provider) {
  const tokens = JSON.parse(store.getItem('coupons.tokens') || 'null');
  store.removeItem('coupons.tokens');
  if (tokens && tokens.refresh_token) {
    await fetch(provider.revocation_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, token_type_hint: 'refresh_token', client_id: config.client_id }),
    }).catch(() => {});
  }
  window.location.reload();
}

function item(list, text) {
  const li = document.createElement('li');
  li.textContent = text;
  list.appendChild(li);
}

async function showSession(tokens) {
  const auth = { headers: { Authorization: `Bearer ${tokens.access_token}` } };
  const me = await json('/api/v1/users/profile', auth);
  $('who').textContent = `Logged in as ${me.username}`;
  $('p-username').textContent = me.username;
  $('p-name').textContent = [me.first_name, me.last_name].filter(Boolean).join(' ') || '(not configured)';
  $('p-email').textContent = me.email || '(not configured)';
  $('p-roles').textContent = (me.roles || []).join(', ');
  const mine = await json('/coupons/v1/user/coupons?limit=100', auth);
  $('mine').replaceChildren();
  mine.coupons.forEach((c) => item($('mine'), `${c.title} (order ${c.order_id}, ${c.status})`));
  if (mine.coupons.length === 0) item($('mine'), 'No redeemed coupons yet.');
  $('profile').hidden = false;
  $('logout').hidden = false;
}

async function showCatalogue() {
  const page = await json('/api/v1/coupons?limit=100');
  $('catalogue').replaceChildren();
  page.coupons.forEach((c) => item($('catalogue'), `${c.title}: ${c.discount_percent}% off${c.category ? ` (${c.category})` : ''}`));
  if (page.coupons.length === 0) item($('catalogue'), 'No coupons on offer.');
}

async function main() {
  const config = await json('config.json');
  const provider = await json(`${config.issuer}/.well-known/openid-configuration`);
  $('login').addEventListener('click', () => login(config, provider).catch((e) => say(e.message)));
  $('logout').addEventListener('click', () => logout(config, provider));
  const params = new URLSearchParams(window.location.search);
  if (params.has('code') || params.has('error')) {
    await callback(config, provider, params).catch((e) => say(e.message));
  }
  const tokens = JSON.parse(store.getItem('coupons.tokens') || 'null');
  if (tokens) {
    await showSession(tokens).catch((e) => {
      store.removeItem('coupons.tokens'); // expired or revoked: log in again
      say(`Please log in again (${e.message}).`);
      $('login').hidden = false;
    });
  } else {
    $('login').hidden = false;
  }
  await showCatalogue().catch((e) => say(e.message));
}

main().catch((e) => say(e.message));
