// The agent's web front end: one conversation (a thread) per browser tab, kept in the URL (?thread=) and in
// localStorage. A question starts a run (POST /api/agent, AG-UI events over SSE); the events are drawn as they
// arrive; Stop asks POST /api/v1/runs/{runId}/cancel (closing the connection never stops a run). When the
// connection drops before the run ends, the page re-attaches (GET /api/v1/threads/{threadId}/runs/{runId}/events
// with Last-Event-ID = the last event id it drew, back-off with jitter, a bounded number of attempts), so every
// event is drawn once, in order. A reload rebuilds the conversation by replaying the stored events of
// GET /api/v1/threads/{threadId}/history through the same code that draws a live run; a run still going (the
// history says so, or this tab's sessionStorage names it) is replayed from the re-attach operation and followed
// to its end.
// Every API call carries the kit token (auth.js); without one the page shows the token prompt instead.
import { sseEvents } from './sse.js';
import { renderMarkdown } from './markdown.js';
import { api, hasToken, onRefused, takeTokenFromAddress, useToken } from './auth.js';

const $ = id => document.getElementById(id);
const ui = {
  thread: $('thread-id'), conversation: $('conversation'), empty: $('empty'), composer: $('composer'),
  question: $('question'), send: $('send'), stop: $('stop'), status: $('status'), skill: $('skill'),
  datasource: $('datasource'), artifacts: $('artifacts'), noArtifacts: $('no-artifacts'), newThread: $('new-thread'),
  main: $('main'), tokenPrompt: $('token-prompt'), tokenForm: $('token-form'), tokenInput: $('token-input'),
  tokenReason: $('token-reason'),
};
const STORAGE_KEY = 'contract-kit.agent.threadId';
const LIVE_KEY = 'contract-kit.agent.liveRun'; // sessionStorage: { threadId, runId, lastEventId } of the run followed
const REATTACH = { attempts: 6, firstMs: 250, maxMs: 4000 };

let threadId;
let current = null; // the run streaming now: { runId, view }
const shownArtifacts = new Set();

// ------------------------------------------------------------------ start-up

function randomId(prefix) {
  const bytes = crypto.getRandomValues(new Uint8Array(8)); // works outside secure contexts too
  return prefix + Array.from(bytes, b => b.toString(16).padStart(2, '0')).join('');
}

function useThread(id) {
  threadId = id;
  localStorage.setItem(STORAGE_KEY, id);
  const url = new URL(location.href);
  url.searchParams.set('thread', id);
  history.replaceState(null, '', url);
  ui.thread.textContent = id;
}

/** Shows the token prompt in place of the conversation; a token pasted there reloads the page with it. */
function askForToken(reason) {
  ui.tokenReason.textContent = reason;
  ui.main.hidden = true;
  ui.newThread.disabled = true;
  ui.tokenPrompt.hidden = false;
  ui.tokenInput.focus();
}

function boot() {
  takeTokenFromAddress();
  window.addEventListener('hashchange', () => { // a #token=... typed into the address bar of an open page
    if (new URLSearchParams(location.hash.slice(1)).has('token')) {
      takeTokenFromAddress();
      location.reload();
    }
  });
  ui.tokenForm.addEventListener('submit', e => {
    e.preventDefault();
    if (ui.tokenInput.value.trim()) {
      useToken(ui.tokenInput.value);
      location.reload();
    }
  });
  onRefused(() => askForToken('The server refused the access token, or the page has none.'));
  if (!hasToken()) {
    askForToken('This page has no access token yet.');
    return;
  }
  start();
}

async function start() {
  const fromUrl = new URL(location.href).searchParams.get('thread');
  useThread(fromUrl || readLive()?.threadId || localStorage.getItem(STORAGE_KEY) || randomId('thread-'));
  ui.composer.addEventListener('submit', e => {
    e.preventDefault();
    ask();
  });
  ui.question.addEventListener('keydown', e => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      ui.composer.requestSubmit();
    }
  });
  ui.stop.addEventListener('click', stop);
  ui.newThread.addEventListener('click', () => {
    if (current) {
      return;
    }
    useThread(randomId('thread-'));
    ui.conversation.replaceChildren(ui.empty);
    ui.empty.hidden = false;
    ui.artifacts.replaceChildren();
    shownArtifacts.clear();
    ui.noArtifacts.hidden = false;
    setStatus('idle', 'Ready');
    ui.question.focus();
  });
  ui.send.disabled = true; // a question asked before the restore is drawn would land above the old runs
  let live = [];
  try {
    [, live] = await Promise.all([loadOptions(), restore()]);
  } finally {
    ui.send.disabled = false;
  }
  for (const run of live) {
    await followRestored(run.view, run.runId, run.quiet);
  }
}

async function loadOptions() {
  await Promise.all([
    fill(ui.skill, '/api/v1/skills', s => s.enabled, s => s.name, s => s.description),
    fill(ui.datasource, '/api/v1/datasources', d => d.enabled, d => d.name, d => d.jdbcUrl),
  ]);
}

async function fill(select, path, usable, label, hint) {
  try {
    const body = await getJson(path);
    for (const item of body.items.filter(usable)) {
      const option = document.createElement('option');
      option.value = item.id;
      option.textContent = label(item);
      option.title = hint(item) || '';
      select.append(option);
    }
    const describe = () => {
      select.title = select.selectedOptions[0]?.title || '';
    };
    select.addEventListener('change', describe);
    describe();
  } catch (e) {
    select.title = 'could not load the list: ' + e.message;
  }
}

// ------------------------------------------------------------------ restore

/** Draws the thread's stored runs; answers the runs still going, to follow once the page is ready. */
async function restore() {
  setStatus('restoring', 'Restoring the conversation…');
  const remembered = readLive();
  const followed = remembered?.threadId === threadId ? remembered.runId : null;
  let history = { runs: [] };
  try {
    const res = await api(`/api/v1/threads/${encodeURIComponent(threadId)}/history`, { headers: { Accept: 'application/json' } });
    if (res.status !== 404) { // 404: a new conversation, nothing stored yet
      history = await json(res);
    }
  } catch (e) {
    setStatus('failed', 'Could not restore the conversation: ' + e.message);
    return [];
  }
  const live = [];
  for (const run of history.runs) {
    const view = runView(run.runId);
    if (run.status === 'started' || run.status === 'canceling') {
      // still going: drawn from the re-attach operation (every event from RUN_STARTED, then the live ones)
      view.setQuestion(question(run.events) || '');
      live.push({ view, runId: run.runId, quiet: false });
      continue;
    }
    run.events.forEach(e => apply(view, e));
    if (!view.ended) {
      view.setOutcome(run.status, 'Ended: ' + run.status);
    }
  }
  if (followed && !history.runs.some(r => r.runId === followed)) {
    // this tab started it a moment before the reload, before the server stored it: follow it if it exists
    live.push({ view: runView(followed), runId: followed, quiet: true });
  } else if (followed && !live.some(r => r.runId === followed)) {
    forgetLive(followed); // it ended meanwhile
  }
  await refreshArtifacts();
  scrollToEnd();
  const n = history.runs.length;
  setStatus('idle', n === 0 ? 'Ready' : n === 1 ? 'Restored 1 run' : `Restored ${n} runs`);
  return live;
}

function question(events) {
  const started = events.find(e => e.type === 'RUN_STARTED');
  return (started?.input?.messages || []).filter(m => m.role === 'user').map(text).pop();
}

/** Follows a run found live after a reload, with Stop, to its end. */
async function followRestored(view, runId, quiet) {
  current = { runId, view };
  ui.send.disabled = true;
  ui.newThread.disabled = true;
  ui.stop.disabled = false;
  setStatus('running', 'Following the run that is still going…');
  try {
    await follow(view, runId, null, quiet);
  } catch (e) {
    view.setOutcome('error', 'Could not follow the run: ' + e.message);
    setStatus('failed', 'Could not follow the run');
  } finally {
    await runEnded();
  }
}

// ------------------------------------------------------------------ following a run, re-attaching after a drop

function readLive() {
  try {
    return JSON.parse(sessionStorage.getItem(LIVE_KEY));
  } catch {
    return null;
  }
}

function rememberLive(runId, lastEventId) {
  sessionStorage.setItem(LIVE_KEY, JSON.stringify({ threadId, runId, lastEventId }));
}

function forgetLive(runId) {
  if (readLive()?.runId === runId) {
    sessionStorage.removeItem(LIVE_KEY);
  }
}

/** The pause before re-attach attempt n (1-based): half the doubled delay plus a random half of it (jitter). */
function backoff(n) {
  const full = Math.min(REATTACH.maxMs, REATTACH.firstMs * 2 ** (n - 1));
  return full / 2 + Math.random() * full / 2;
}

/**
 * Draws a run's events from `res` (the POST's stream), or from the re-attach operation when `res` is null,
 * until RUN_FINISHED or RUN_ERROR. A connection that breaks or ends before is re-opened with Last-Event-ID;
 * an event id already drawn is skipped, so nothing is drawn twice. `quiet`: a run the server does not know
 * (404) is removed rather than shown as gone.
 */
async function follow(view, runId, res, quiet = false) {
  let lastEventId = -1;
  let failures = 0;
  let lastError = null;
  rememberLive(runId, lastEventId);
  for (;;) {
    try {
      if (!res) {
        const headers = { Accept: 'text/event-stream' };
        if (lastEventId >= 0) {
          headers['Last-Event-ID'] = String(lastEventId);
        }
        res = await api(`/api/v1/threads/${encodeURIComponent(threadId)}/runs/${encodeURIComponent(runId)}/events`, { headers });
        if (res.status === 404) {
          forgetLive(runId);
          if (quiet && lastEventId < 0) {
            view.article.remove();
            setStatus('idle', 'Ready');
            return;
          }
          view.setOutcome('error', 'The run is gone: the server no longer knows it');
          break;
        }
        if (!res.ok) {
          throw new Error('HTTP ' + res.status);
        }
      }
      if (ui.status.dataset.state !== 'canceling') {
        setStatus('running', 'Running…');
        ui.stop.disabled = false; // the run is registered on the server now: cancel can find it
      }
      for await (const { id, event } of sseEvents(res.body)) {
        const seq = id === null || id === '' ? lastEventId + 1 : Number(id);
        if (seq <= lastEventId) {
          continue; // already drawn
        }
        lastEventId = seq;
        failures = 0;
        rememberLive(runId, lastEventId);
        const following = atBottom();
        apply(view, event);
        if (following) {
          scrollToEnd();
        }
      }
    } catch (e) {
      lastError = e;
      if (!hasToken()) {
        break; // refused: the page asks for the token
      }
    }
    res = null;
    if (view.ended) {
      break;
    }
    if (++failures > REATTACH.attempts) {
      view.setOutcome('error', 'Lost the connection to the run' + (lastError ? ' (' + lastError.message + ')' : '')
          + '; it may still be going on the server: reload the page to follow it');
      break;
    }
    if (ui.status.dataset.state !== 'canceling') {
      setStatus('reconnecting', `Connection lost; re-attaching (attempt ${failures} of ${REATTACH.attempts})…`);
    }
    await new Promise(resolve => setTimeout(resolve, backoff(failures)));
  }
  if (view.ended || view.outcome === 'error') {
    forgetLive(runId);
  }
  finishStatus(view);
}

// ------------------------------------------------------------------ a run

async function ask() {
  const question = ui.question.value.trim();
  if (!question || current) {
    return;
  }
  const runId = randomId('run-');
  const messageId = randomId('msg-');
  const view = runView(runId);
  view.setQuestion(question);
  scrollToEnd();
  ui.question.value = '';
  current = { runId, view };
  ui.send.disabled = true;
  ui.newThread.disabled = true;
  setStatus('starting', 'Starting…');

  const runConfig = {};
  if (ui.skill.value) {
    runConfig.activeSkillId = ui.skill.value;
    runConfig.mentioned = { skill: [ui.skill.value] };
  }
  if (ui.datasource.value) {
    runConfig.activeDatasourceId = ui.datasource.value;
    runConfig.mentioned = { ...runConfig.mentioned, db: [ui.datasource.value] };
  }
  const input = {
    threadId, runId, messages: [{ id: messageId, role: 'user', content: question }],
    tools: [], context: [], state: {}, forwardedProps: Object.keys(runConfig).length ? { run_config: runConfig } : {},
  };
  try {
    const res = await api('/api/agent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(input),
    });
    if (!res.ok || !(res.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
      const error = await res.json().catch(() => ({ message: res.statusText }));
      view.setOutcome('error', `${error.code || 'HTTP ' + res.status}: ${error.message}`);
      setStatus('failed', 'The run was refused: ' + (error.message || res.status));
      return;
    }
    await follow(view, runId, res);
  } catch (e) {
    view.setOutcome('error', 'Connection failed: ' + e.message);
    setStatus('failed', 'Connection failed');
  } finally {
    await runEnded();
  }
}

function finishStatus(view) {
  switch (view.outcome) {
    case 'success': setStatus('completed', 'Completed'); break;
    case 'cancelled': setStatus('cancelled', 'cancelled — the run stopped'); break;
    default: setStatus('failed', 'Failed: ' + view.outcomeText);
  }
}

async function stop() {
  if (!current) {
    return;
  }
  const { runId } = current;
  ui.stop.disabled = true;
  setStatus('canceling', 'canceling — waiting for the run to stop…');
  try {
    const res = await api(`/api/v1/runs/${encodeURIComponent(runId)}/cancel`, {
      method: 'POST', headers: { Accept: 'application/json' },
    });
    const body = await json(res);
    if (res.status === 200 && current?.runId === runId) {
      setStatus(body.status, 'The run had already ended: ' + body.status); // its stream ends on its own
    }
  } catch (e) {
    if (current?.runId === runId) {
      setStatus('running', 'Stop failed: ' + e.message);
      ui.stop.disabled = false;
    }
  }
}

// ------------------------------------------------------------------ drawing events

/** The DOM of one run: the question, the steps (reasoning, tool calls), the answer, artifacts and outcome. */
function runView(runId) {
  ui.empty.hidden = true;
  const article = el('article', 'run');
  article.dataset.runId = runId;
  const user = el('div', 'msg user');
  user.append(el('span', 'who', 'You'));
  const questionText = el('p', 'text');
  user.append(questionText);
  const meta = el('p', 'meta');
  const steps = el('div', 'steps');
  const answer = el('div', 'msg assistant');
  answer.hidden = true;
  answer.append(el('span', 'who', 'Agent'));
  const runArtifacts = el('ul', 'run-artifacts');
  const outcome = el('p', 'outcome');
  outcome.setAttribute('role', 'status');
  article.append(user, meta, steps, answer, runArtifacts, outcome);
  ui.conversation.append(article);

  const view = {
    runId, article, ended: false, outcome: null, outcomeText: '',
    texts: new Map(), reasoning: new Map(), tools: new Map(),
    setQuestion(q) {
      questionText.textContent = q;
    },
    hasQuestion: () => questionText.textContent !== '',
    setMeta(text) {
      meta.textContent = text;
    },
    steps, answer, runArtifacts,
    setOutcome(kind, text) {
      view.outcome = kind;
      view.outcomeText = text;
      outcome.dataset.outcome = kind;
      outcome.textContent = text;
    },
  };
  return view;
}

/** Draws one AG-UI event into the run's view; live runs and restored history both come through here. */
function apply(view, e) {
  switch (e.type) {
    case 'RUN_STARTED': {
      const asked = (e.input?.messages || []).filter(m => m.role === 'user').map(text).pop();
      if (asked && !view.hasQuestion()) {
        view.setQuestion(asked);
      }
      break;
    }
    case 'CUSTOM':
      custom(view, e.name, e.value || {});
      break;
    case 'STEP_STARTED':
      if (current?.view === view && ui.status.dataset.state === 'running') {
        ui.status.textContent = 'Running: ' + e.stepName.replaceAll('_', ' ') + '…';
      }
      break;
    case 'REASONING_MESSAGE_START': {
      const box = el('details', 'reasoning');
      box.open = true;
      box.append(el('summary', null, 'Reasoning'));
      const p = el('p', 'reasoning-text');
      box.append(p);
      view.steps.append(box);
      view.reasoning.set(e.messageId, { p, text: '' });
      break;
    }
    case 'REASONING_MESSAGE_CONTENT': {
      const r = view.reasoning.get(e.messageId);
      if (r) {
        r.text += e.delta;
        r.p.replaceChildren(renderMarkdown(r.text));
      }
      break;
    }
    case 'TOOL_CALL_START':
      view.tools.set(e.toolCallId, toolCard(view, e.toolCallId, e.toolCallName));
      break;
    case 'TOOL_CALL_ARGS': {
      const t = view.tools.get(e.toolCallId);
      if (t) {
        t.args += e.delta;
        t.argsBox.textContent = pretty(t.args);
      }
      break;
    }
    case 'TOOL_CALL_END':
      view.tools.get(e.toolCallId)?.setState('called', 'waiting for the result');
      break;
    case 'TOOL_CALL_RESULT': {
      const t = view.tools.get(e.toolCallId);
      if (t) {
        t.resultBox.textContent = pretty(typeof e.content === 'string' ? e.content : JSON.stringify(e.content));
        t.resultBox.parentElement.hidden = false;
        const failed = /^\{"error"/.test(e.content);
        t.setState(failed ? 'failed' : 'done', failed ? 'failed' : 'done');
      }
      break;
    }
    case 'TEXT_MESSAGE_START': {
      const md = el('div', 'markdown answer');
      md.dataset.messageId = e.messageId;
      md.setAttribute('aria-busy', 'true');
      view.answer.append(md);
      view.answer.hidden = false;
      view.texts.set(e.messageId, { md, text: '' });
      break;
    }
    case 'TEXT_MESSAGE_CONTENT': {
      const m = view.texts.get(e.messageId);
      if (m) {
        m.text += e.delta;
        m.md.replaceChildren(renderMarkdown(m.text));
      }
      break;
    }
    case 'TEXT_MESSAGE_END':
      view.texts.get(e.messageId)?.md.removeAttribute('aria-busy');
      break;
    case 'RUN_FINISHED':
      view.ended = true;
      if ((e.outcome && e.outcome.type) === 'cancelled') {
        view.setOutcome('cancelled', 'Cancelled: the run was stopped before it finished');
      } else if ((e.outcome && e.outcome.type) === 'interrupt') {
        view.setOutcome('interrupt', 'Interrupted: the agent is waiting for input');
      } else {
        view.setOutcome('success', 'Completed');
      }
      break;
    case 'RUN_ERROR':
      view.ended = true;
      view.setOutcome('error', `Error${e.code ? ' ' + e.code : ''}: ${e.message}`);
      break;
    default:
      break; // STATE_SNAPSHOT and the rest change nothing on screen
  }
}

function custom(view, name, value) {
  switch (name) {
    case 'kit.run_config': {
      const parts = [];
      if (value.activeDatasourceId) parts.push('data source ' + value.activeDatasourceId);
      if (value.activeSkillId) parts.push('skill ' + value.activeSkillId);
      if (value.activeLlmProfileId) parts.push('model ' + value.activeLlmProfileId);
      const excluded = (value.excluded || []).map(x => `${x.kind} ${x.id} (${String(x.reason).replaceAll('_', ' ')})`);
      view.setMeta(parts.join(' · ') + (excluded.length ? ' · excluded: ' + excluded.join(', ') : ''));
      break;
    }
    case 'kit.sql_audit': {
      const t = view.tools.get(value.toolCallId);
      if (t) {
        t.note.textContent = `${value.rowCount} rows in ${value.durationMs} ms, read-only, ${value.status}`;
      }
      break;
    }
    case 'kit.artifact':
      addArtifactLink(view.runArtifacts, value);
      addArtifact(value);
      break;
    case 'kit.token_usage':
      view.article.dataset.tokens = value.totalTokens;
      break;
    default:
      break;
  }
}

function toolCard(view, id, name) {
  const card = el('details', 'tool');
  card.dataset.toolCallId = id;
  card.dataset.toolName = name;
  const summary = el('summary');
  summary.append(el('span', 'tool-label', 'Tool call '), el('code', 'tool-name', name), ' ');
  const state = el('span', 'tool-state', 'calling');
  summary.append(state);
  const argsBox = el('pre', 'tool-args');
  const resultBox = el('pre', 'tool-result');
  const result = el('div');
  result.append(el('h4', null, 'Result'), resultBox);
  result.hidden = true;
  const note = el('p', 'tool-note');
  card.append(summary, el('h4', null, 'Arguments'), argsBox, result, note);
  view.steps.append(card);
  return {
    args: '', argsBox, resultBox, note,
    setState(kind, text) {
      card.dataset.state = kind;
      state.textContent = text;
    },
  };
}

// ------------------------------------------------------------------ artifacts

async function refreshArtifacts() {
  try {
    const body = await getJson('/api/v1/artifacts?threadId=' + encodeURIComponent(threadId));
    body.items.forEach(addArtifact);
  } catch {
    // the list stays as the events drew it
  }
}

function addArtifact(a) {
  if (shownArtifacts.has(a.artifactId)) {
    return;
  }
  shownArtifacts.add(a.artifactId);
  addArtifactLink(ui.artifacts, a);
  ui.noArtifacts.hidden = true;
}

function addArtifactLink(list, a) {
  const li = el('li');
  const link = el('a', 'artifact', a.name);
  link.href = a.downloadPath || `/api/v1/artifacts/${encodeURIComponent(a.artifactId)}/content`;
  link.download = a.name;
  link.dataset.artifactId = a.artifactId;
  link.addEventListener('click', e => {
    e.preventDefault(); // a plain link cannot send the token: fetch the file with it, then save it
    download(link.href, a.name).catch(err => setStatus('failed', 'Download failed: ' + err.message));
  });
  li.append(link, el('span', 'size', ` ${a.mediaType}, ${a.sizeBytes} bytes`));
  list.append(li);
}

async function download(href, name) {
  const res = await api(href);
  if (!res.ok) {
    throw new Error('HTTP ' + res.status);
  }
  const url = URL.createObjectURL(await res.blob());
  const save = el('a');
  save.href = url;
  save.download = name;
  save.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ------------------------------------------------------------------ helpers

// the page follows a streaming answer while the reader is at its end, and stays put when they scrolled up
function atBottom() {
  return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 80;
}

function scrollToEnd() {
  window.scrollTo({ top: document.documentElement.scrollHeight });
}

function setStatus(state, text) {
  ui.status.dataset.state = state;
  ui.status.textContent = text;
}

function text(message) {
  const c = message.content;
  return typeof c === 'string' ? c : Array.isArray(c) ? c.map(p => p.text || '').join('') : '';
}

function pretty(s) {
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s; // still streaming, or not JSON
  }
}

async function getJson(path) {
  return json(await api(path, { headers: { Accept: 'application/json' } }));
}

async function json(res) {
  const body = await res.json();
  if (!res.ok && res.status !== 202) {
    throw new Error(body.message || 'HTTP ' + res.status);
  }
  return body;
}

function el(tag, className, textContent) {
  const e = document.createElement(tag);
  if (className) {
    e.className = className;
  }
  if (textContent !== undefined) {
    e.textContent = textContent;
  }
  return e;
}

boot();

/** A run ended (or could not be followed): the controls are the idle ones again and the artifacts are re-read. */
async function runEnded() {
  current = null;
  ui.send.disabled = false;
  ui.stop.disabled = true;
  ui.newThread.disabled = false;
  await refreshArtifacts();
}
