// Runs the official AG-UI client (@ag-ui/client HttpAgent.runAgent, pinned in package.json) against an agent
// endpoint and validates every event it receives with the official @ag-ui/core EventSchemas.
//
// Usage: node run-agent.mjs JSON      with JSON = {
//   "url": "http://127.0.0.1:8080/api/agent",  the AG-UI endpoint
//   "token": "...",                              optional: sent as Authorization: Bearer <token>
//   "headers": {"Prefer": "example=cancelled"},  optional: more request headers
//   "question": "Revenue by region?",            the user message
//   "runId": "r1", "threadId": "t1",             optional
//   "forwardedProps": {...},                     optional (e.g. {"run_config": {...}})
//   "resume": [{"interruptId": ..., "status": "resolved"|"cancelled"}],  optional: AG-UI 1.0 resume entries
//   "cancelAt": "REASONING_MESSAGE_START",       optional: at this event type, POST <cancelUrl>
//   "cancelUrl": "http://.../api/v1/runs/r1/cancel" }
// Prints one JSON line: {ok, types, rejected: [{type, issues}], outcome, result, error, runError, newMessages}.
// ok means: runAgent completed (or ended with the run's own RUN_ERROR) and every event parsed.
// Exit: 0 ok; 1 not ok; 2 usage.
import { HttpAgent } from "@ag-ui/client";
import { EventSchemas } from "./validate-events.mjs";

let args;
try {
  args = JSON.parse(process.argv[2]);
} catch {
  console.error("usage: node run-agent.mjs '{\"url\": ..., \"question\": ...}'");
  process.exit(2);
}
const auth = args.token ? { Authorization: `Bearer ${args.token}` } : {};
const headers = { ...(args.headers ?? {}), ...auth };
const report = { ok: false, types: [], rejected: [], outcome: null, result: null, error: null, runError: null, newMessages: 0 };
let cancelled = null;

const agent = new HttpAgent({
  url: args.url,
  headers,
  threadId: args.threadId ?? "agui-thread",
  initialMessages: [{ id: "agui-user-1", role: "user", content: args.question ?? "What is the revenue by region?" }],
});

const subscriber = {
  onEvent({ event }) {
    report.types.push(event.type);
    const r = EventSchemas.safeParse(event);
    if (!r.success) {
      report.rejected.push({ type: event.type, issues: r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) });
    }
    if (args.cancelAt && event.type === args.cancelAt && cancelled === null) {
      cancelled = fetch(args.cancelUrl, { method: "POST", headers: auth }).then((res) => res.status);
    }
  },
  onRunFinishedEvent({ event }) {
    report.outcome = event.outcome ?? null;
  },
  onRunErrorEvent({ event }) {
    report.runError = { message: event.message, code: event.code ?? null };
  },
};

try {
  const out = await agent.runAgent(
    { runId: args.runId, forwardedProps: args.forwardedProps ?? {}, ...(args.resume ? { resume: args.resume } : {}) },
    subscriber,
  );
  report.result = out.result ?? null;
  report.newMessages = out.newMessages.length;
} catch (e) {
  report.error = `${e?.name ?? "Error"}: ${e?.message ?? String(e)}`;
}
if (cancelled !== null) {
  report.cancelStatus = await cancelled.catch((e) => `failed: ${e.message}`);
}
const endedByRunError = report.runError !== null && report.types.at(-1) === "RUN_ERROR";
report.ok = report.rejected.length === 0 && (report.error === null || endedByRunError) && report.types.length > 0;
console.log(JSON.stringify(report));
process.exit(report.ok ? 0 : 1);
